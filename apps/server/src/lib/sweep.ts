import type { FastifyBaseLogger } from 'fastify';

type SweepHost = {
  log: FastifyBaseLogger;
  addHook: (name: 'preClose', hook: () => Promise<void>) => unknown;
};

/**
 * Runs `task` every `everyMs` in this process, one run at a time (a run still going when the next
 * is due skips that one). A failed run is logged as `<what> failed` and the next one tries again;
 * closing the app stops the timer and waits for a run under way. Every process may sweep: the
 * task's own claims in the database make each piece of work happen once.
 */
export const sweepEvery = (
  app: SweepHost,
  everyMs: number,
  what: string,
  task: () => Promise<unknown>,
) => {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = task()
      .catch((error: unknown) => app.log.error({ err: error }, `${what} failed`))
      .finally(() => {
        running = undefined;
      });
  }, everyMs);
  timer.unref();
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
};
