import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * The web app's own HTTP client (apps/web/src/lib/api-client.ts), bundled alone so a browser test
 * can drive it in a real page: same code, same storage, same cookies as the app.
 */
export const bundleApiClient = async (): Promise<string> => {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('../../apps/web/src/lib/api-client.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    globalName: 'leasingApiClient',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
};
