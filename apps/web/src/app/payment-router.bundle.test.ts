// @vitest-environment node
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.resolve(here, '../..');

it('reaches nothing of the staff app from the payment routes, lazy ones included', async () => {
  // Without code splitting esbuild follows dynamic imports too: this is every module the payment
  // host could ever load.
  const result = await build({
    entryPoints: [path.join(here, 'payment-router.tsx')],
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
  const staffOnly = [
    /^src\/app\/router\.tsx$/,
    /^src\/app\/connect-auth-events\.ts$/,
    /^src\/app\/live-updates\.ts$/,
    /^src\/app\/(guards|routes\/app|routes\/account)\//,
    /^src\/lib\/socket\.ts$/,
    /^src\/features\/(auth|live|leads|inbox|conversations|composer|secure-access)\//,
    /(^|\/)node_modules\/socket\.io-client\//,
  ];
  expect(inputs.filter((input) => staffOnly.some((pattern) => pattern.test(input)))).toEqual([]);
  expect(inputs).toContain('src/app/routes/payment/checkout.tsx');
});
