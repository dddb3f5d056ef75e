// How the server is bundled, for `npm run build` (dist/server.js) and for the tests that run it in
// processes of their own: our workspace code (including @leasing/contract's TypeScript) is inlined,
// third-party packages stay in node_modules, so a bundle must sit inside the repository.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter(
  (name) => !name.startsWith('@leasing/'),
);

/** Bundles each entry (a file under src/) to `outdir`, keeping its path under src/. */
export const bundleServer = async ({ entryPoints, outdir, sourcemap = true }) => {
  await build({
    entryPoints,
    outdir,
    outbase: new URL('../src', import.meta.url).pathname,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap,
    external,
    logLevel: 'warning',
  });
};
