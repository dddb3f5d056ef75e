// @vitest-environment node
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { bundledInputs } from '../testing/bundled-inputs';

const here = path.dirname(fileURLToPath(import.meta.url));

it('bundles the API client for the browser without React, the router or Mantine', async () => {
  const inputs = await bundledInputs(path.join(here, 'api-client.ts'));
  const allowed = [
    /^src\/lib\/[a-z-]+\.ts$/,
    /^src\/config\/paths\.ts$/,
    /^\.\.\/\.\.\/packages\/contract\/src\//,
    /(^|\/)node_modules\/(zod|lz-string)\//,
  ];
  expect(inputs.filter((input) => !allowed.some((pattern) => pattern.test(input)))).toEqual([]);
  expect(inputs).toContain('src/lib/api-client.ts');
});
