import type { TestProject } from 'vitest/node';
import { SHARED_PAYMENT_HOST, startServer } from './server.js';

declare module 'vitest' {
  // Declaration merging (vitest's `provide`/`inject` typing) needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** The server the files without special needs share (see `useBrowserSession`). */
    sharedServerUrl: string;
  }
}

/**
 * One server for every file of the run that needs nothing special: its tests build their own
 * data (support/factories.ts), so they never see another file's. Files that need their own
 * environment (fake providers, company-wide settings, restarts) start their own.
 */
export default async function setup(project: TestProject) {
  const server = await startServer({ PAYMENT_HOST: SHARED_PAYMENT_HOST });
  project.provide('sharedServerUrl', server.url);
  return async () => {
    await server.stop();
  };
}
