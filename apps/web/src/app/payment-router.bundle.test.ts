// @vitest-environment node
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { bundledInputs } from '../testing/bundled-inputs';

const here = path.dirname(fileURLToPath(import.meta.url));

it('reaches nothing of the staff app from the payment routes, lazy ones included', async () => {
  // Every module the payment host could ever load.
  const inputs = await bundledInputs(path.join(here, 'payment-router.tsx'));
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
