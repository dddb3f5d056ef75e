import { LIVE_SEQUENCE_HEADER } from '@leasing/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { readsAreCurrent, restartReadTracking, trackRead } from './live-sequence';

const answer = (sequence?: string) =>
  new Response('{}', {
    headers: sequence === undefined ? {} : { [LIVE_SEQUENCE_HEADER]: sequence },
  });

afterEach(restartReadTracking);

describe('the reads before the first connection', () => {
  it('are current when each began at the connection’s sequence or later', async () => {
    trackRead()(answer('4'));
    trackRead()(answer('5'));
    // A public page or a failure carries no sequence and holds no company data.
    trackRead()(answer());
    trackRead()(null);
    expect(await readsAreCurrent(4)).toBe(true);
  });

  it('are behind when one began before it, or could not tell', async () => {
    trackRead()(answer('3'));
    trackRead()(answer('4'));
    expect(await readsAreCurrent(4)).toBe(false);
    restartReadTracking();
    trackRead()(answer('unknown'));
    expect(await readsAreCurrent(4)).toBe(false);
  });

  it('wait for a read still on its way, and give up after the timeout', async () => {
    const settle = trackRead();
    const judged = readsAreCurrent(4);
    // Began after the connection: not awaited, not counted.
    trackRead()(answer('1'));
    settle(answer('4'));
    expect(await judged).toBe(true);

    restartReadTracking();
    trackRead();
    expect(await readsAreCurrent(4, 10)).toBe(false);
  });

  it('leave a session before it out of the next one’s count', async () => {
    const fromBefore = trackRead();
    restartReadTracking();
    trackRead()(answer('7'));
    fromBefore(answer('2'));
    expect(await readsAreCurrent(7)).toBe(true);
  });
});
