import { describe, expect, it } from 'vitest';
import { conversationEvent } from '../../../testing/fixtures';
import { catchUpBase, countNewEvents } from './count-new-events';

describe('counting the events missed while disconnected', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 15, minute)).toISOString();
  const first = conversationEvent({ _id: 'a', date: at(1) });
  const second = conversationEvent({ _id: 'b', date: at(2), sendingStatus: 'PENDING' });

  it('counts the events newer than the newest one the timeline had', () => {
    const base = catchUpBase([second, first]);
    const missed = [
      conversationEvent({ _id: 'c', date: at(3) }),
      conversationEvent({ _id: 'd', date: at(4) }),
    ];
    expect(countNewEvents(base, [...missed.reverse(), second, first])).toBe(2);
  });

  it('does not count known events, changed or not, nor older history', () => {
    const base = catchUpBase([second, first]);
    const delivered = { ...second, sendingStatus: 'COMPLETED' as const };
    const history = conversationEvent({ _id: 'old', date: at(0) });
    expect(countNewEvents(base, [delivered, first, history])).toBe(0);
  });

  it('counts every event of a timeline that was empty', () => {
    expect(countNewEvents(catchUpBase([]), [second, first])).toBe(2);
  });
});
