import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { bundleServer } from '../../scripts/server-bundle.mjs';
import { serverRoot } from '../lib/paths.js';

/** Where the run's bundle of the server and its bins is (set by `global-setup.ts`). */
export const SERVER_BUNDLE_ENV = 'LEASING_TEST_SERVER_BUNDLE';

const srcRoot = join(serverRoot, 'src');

/** The operator bins (`src/modules/<module>/<name>-cli.ts`), which tests run as processes. */
const binEntries = () =>
  readdirSync(join(srcRoot, 'modules'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('-cli.ts'))
    .map((path) => join(srcRoot, 'modules', path));

/**
 * Bundles the server and the bins of the source as it is now, once per test run, the way
 * `npm run build` does: a process started from it is ready in about a second, where tsx compiles
 * the whole server in each one first (several seconds on a busy 2-core machine). The bundle sits
 * in the package's node_modules/.cache, where its third-party imports resolve; removed after.
 */
export const bundleForTestRun = async () => {
  const outdir = join(
    serverRoot,
    'node_modules/.cache',
    `test-bundle-${randomBytes(4).toString('hex')}`,
  );
  await bundleServer({
    entryPoints: [join(srcRoot, 'server.ts'), ...binEntries()],
    outdir,
    sourcemap: false,
  });
  process.env[SERVER_BUNDLE_ENV] = outdir;
  return () => rmSync(outdir, { recursive: true, force: true });
};

/**
 * Node's arguments that run `entry` (a file under src/): its bundle when the run made one, the
 * source through tsx otherwise (a test run outside vitest's global setup).
 */
export const nodeArgsToRun = (entry: string): string[] => {
  const bundle = process.env[SERVER_BUNDLE_ENV];
  if (!bundle) return ['--import', 'tsx', entry];
  return [join(bundle, relative(srcRoot, entry).replace(/\.ts$/, '.js'))];
};
