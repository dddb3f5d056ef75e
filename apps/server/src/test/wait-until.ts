export type WaitUntilOptions = {
  /** How long the condition has to come true before the wait fails. */
  timeoutMs?: number;
  /** How long to leave between two looks. */
  intervalMs?: number;
  /** What the failure message shows as the last state seen (a status, a count). */
  lastSeen?: () => unknown;
};

/**
 * Waits until `condition` answers a truthy value and answers it: for a state nobody announces (a
 * row, a queue job's state, a count), looked at again and again until a deadline. It fails saying
 * what was awaited (`until`, read as "waited until …"), never by running out the test's time.
 * For what the test can be told about, await the event itself; never wait a fixed time instead.
 */
export const waitUntil = async <T>(
  until: string,
  condition: () => T | Promise<T>,
  { timeoutMs = 10_000, intervalMs = 50, lastSeen }: WaitUntilOptions = {},
): Promise<NonNullable<T>> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value as NonNullable<T>;
    if (Date.now() >= deadline) {
      const seen = lastSeen ? `; last seen: ${JSON.stringify(await lastSeen())}` : '';
      throw new Error(`waited ${timeoutMs} ms until ${until}, in vain${seen}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
};
