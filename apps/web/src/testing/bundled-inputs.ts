import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Every module a browser bundle of `entry` contains, relative to apps/web. Without code splitting
 * esbuild follows dynamic imports too, so lazy routes count.
 */
export async function bundledInputs(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: webRoot,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs).map((input) =>
    path.relative(webRoot, path.resolve(webRoot, input)),
  );
}
