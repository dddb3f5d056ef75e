import type { ConversationEvent } from '@leasing/contract';
import { describe, expect, it } from 'vitest';
import { callInProgress, onCallSentence } from './call-in-progress';

const NOW = Date.parse('2026-11-29T15:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

const event = (id: string, overrides: Partial<ConversationEvent> = {}): ConversationEvent => ({
  _id: id,
  leadID: 'lead',
  eventType: 'SMS',
  date: minutesAgo(30),
  body: 'hi',
  senderName: 'Ava Thompson',
  senderType: 'LEAD',
  iconURL: null,
  subject: null,
  sendingStatus: null,
  attachmentsUrls: [],
  data: {},
  eventByUserName: null,
  ...overrides,
});

const call = (
  id: string,
  direction: 'inbound' | 'outbound',
  outcome: string | null,
  startedMinutesAgo = 1,
) =>
  event(id, {
    eventType: 'CALL',
    body: null,
    senderType: direction === 'outbound' ? 'USER' : 'LEAD',
    senderName: direction === 'outbound' ? 'Priya Shah' : 'Ava Thompson',
    data: {
      callId: `call-${id}`,
      direction,
      from: '+15125550100',
      to: '+15125550199',
      startedAt: minutesAgo(startedMinutesAgo),
      outcome,
    },
  });

describe('callInProgress', () => {
  it('names the colleague whose call to the lead has no outcome yet', () => {
    const timeline = [
      event('text'),
      call('c', 'outbound', null),
      call('old', 'outbound', 'missed'),
    ];
    expect(callInProgress(timeline, NOW)).toEqual({ name: 'Priya Shah' });
  });

  it('says nothing once the newest call ended, for a lead’s own call, or a call never reported over', () => {
    expect(
      callInProgress([call('c', 'outbound', 'answered'), call('o', 'outbound', null)], NOW),
    ).toBeNull();
    expect(callInProgress([call('in', 'inbound', null)], NOW)).toBeNull();
    expect(callInProgress([call('stale', 'outbound', null, 3 * 60)], NOW)).toBeNull();
    expect(callInProgress([event('text')], NOW)).toBeNull();
  });

  it("names who picked up the lead's call while it goes on: a colleague's phone, or the office", () => {
    const answered = (id: string, data: Record<string, unknown>, outcome: string | null = null) => {
      const ringing = call(id, 'inbound', outcome);
      return { ...ringing, data: { ...ringing.data, ...data } };
    };
    expect(
      callInProgress(
        [answered('a', { answeredBy: '+15125550111', answeredByName: 'Priya Shah' })],
        NOW,
      ),
    ).toEqual({ name: 'Priya Shah' });
    expect(callInProgress([answered('b', { answeredBy: '+15125550123' })], NOW)).toEqual({
      name: null,
    });
    // Over: nobody is on it any more.
    expect(
      callInProgress([answered('c', { answeredBy: '+15125550123' }, 'answered')], NOW),
    ).toBeNull();
  });
});

describe('onCallSentence', () => {
  it('says who, by first name, and "You" to the caller', () => {
    expect(onCallSentence({ name: 'Priya Shah' }, 'Dana Whitfield')).toBe(
      'Priya is on a call with this lead',
    );
    expect(onCallSentence({ name: 'Priya Shah' }, 'Priya Shah')).toBe(
      'You are on a call with this lead',
    );
    expect(onCallSentence({ name: null }, 'Priya Shah')).toBe(
      'The office is on a call with this lead',
    );
  });
});
