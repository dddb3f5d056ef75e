// Bundles the server into dist/server.js (see server-bundle.mjs).
import { bundleServer } from './server-bundle.mjs';

await bundleServer({
  entryPoints: [new URL('../src/server.ts', import.meta.url).pathname],
  outdir: new URL('../dist', import.meta.url).pathname,
});
