import { describe, expect, it } from 'vitest';
import { conversationEvent } from '../../../testing/fixtures';
import {
  countPendingMedia,
  describeBounce,
  isAutoSubmitted,
  readBounce,
  readOptStatusChange,
} from './inbound-facts';

describe('facts of inbound messages', () => {
  it('reads an opt-status change, and nothing from a shape it does not know', () => {
    const stop = conversationEvent({
      data: { optStatusChange: { channel: 'phone', status: 'OPT_OUT' } },
    });
    expect(readOptStatusChange(stop)).toBe('OPT_OUT');
    expect(readOptStatusChange(conversationEvent())).toBeNull();
    expect(
      readOptStatusChange(conversationEvent({ data: { optStatusChange: { status: 'MAYBE' } } })),
    ).toBeNull();
  });

  it('counts images still loading', () => {
    expect(countPendingMedia(conversationEvent({ data: { pendingMedia: [{}, {}] } }))).toBe(2);
    expect(countPendingMedia(conversationEvent({ data: { pendingMedia: 'soon' } }))).toBe(0);
    expect(
      countPendingMedia(conversationEvent({ data: { pendingThumbnails: [{}, {}, {}] } })),
    ).toBe(3);
  });

  it('tells an automatic email', () => {
    expect(isAutoSubmitted(conversationEvent({ data: { autoSubmitted: true } }))).toBe(true);
    expect(isAutoSubmitted(conversationEvent({ data: { autoSubmitted: 'yes' } }))).toBe(false);
  });

  it("reads a bounce from the mail system's email only", () => {
    const bounce = {
      recipient: 'x@y.example',
      action: 'failed',
      status: '5.1.1',
      diagnostic: null,
    };
    const report = conversationEvent({
      eventType: 'EMAIL',
      senderType: 'SYSTEM',
      data: { bounce },
    });
    expect(readBounce(report)).toEqual(bounce);
    expect(readBounce({ ...report, senderType: 'LEAD' })).toBeNull();
    expect(readBounce({ ...report, eventType: 'SMS' })).toBeNull();
  });

  it.each([
    [
      { recipient: 'x@y.example', action: 'failed', diagnostic: '550 5.1.1 User unknown' },
      'Email to x@y.example bounced: 550 5.1.1 User unknown',
    ],
    [
      { recipient: null, action: null, status: '5.2.2' },
      'Email bounced: the receiving mail server answered status 5.2.2',
    ],
    [
      { recipient: 'x@y.example', action: 'delayed', diagnostic: '451 Try later' },
      'Email to x@y.example is delayed: 451 Try later',
    ],
    [{ recipient: 'x@y.example', action: 'delivered' }, 'Email to x@y.example: delivered'],
  ])('describes %o', (bounce, text) => {
    expect(describeBounce(bounce)).toBe(text);
  });
});
