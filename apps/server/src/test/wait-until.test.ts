import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitUntil } from './wait-until.js';

describe('waitUntil', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the first truthy value of the condition', async () => {
    let looks = 0;
    const answer = await waitUntil(
      'the third look',
      () => (++looks === 3 ? { looks } : undefined),
      {
        intervalMs: 0,
      },
    );
    expect(answer).toEqual({ looks: 3 });
  });

  it('fails past its deadline, saying what it waited for and what it saw last', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    const waiting = waitUntil('the job is done', () => false, {
      timeoutMs: 1_000,
      lastSeen: () => ({ state: 'active' }),
    });
    const failed = expect(waiting).rejects.toThrow(
      'waited 1000 ms until the job is done, in vain; last seen: {"state":"active"}',
    );
    await vi.advanceTimersByTimeAsync(1_000);
    await failed;
  });
});
