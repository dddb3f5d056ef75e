// @vitest-environment node
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.resolve(here, '../..');

it('bundles the API client for the browser without React, the router or Mantine', async () => {
  const result = await build({
    entryPoints: [path.join(here, 'api-client.ts')],
    absWorkingDir: webRoot,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });

  const inputs = Object.keys(result.metafile.inputs).map((input) =>
    path.relative(webRoot, path.resolve(webRoot, input)),
  );
  const allowed = [
    /^src\/lib\/[a-z-]+\.ts$/,
    /^src\/config\/paths\.ts$/,
    /^\.\.\/\.\.\/packages\/contract\/src\//,
    /(^|\/)node_modules\/(zod|lz-string)\//,
  ];
  expect(inputs.filter((input) => !allowed.some((pattern) => pattern.test(input)))).toEqual([]);
  expect(inputs).toContain('src/lib/api-client.ts');
});
