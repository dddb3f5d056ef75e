import type { ConversationEvent } from '@leasing/contract';
import { describe, expect, it } from 'vitest';
import { findNewActivity } from './new-activity';

const event = (id: string, overrides: Partial<ConversationEvent> = {}): ConversationEvent => ({
  _id: id,
  leadID: 'lead',
  eventType: 'SMS',
  date: '2026-01-01T10:00:00.000Z',
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

const mine = (e: ConversationEvent) => e.senderType === 'USER' && e.senderName === 'Dana Whitfield';

describe('findNewActivity', () => {
  it("names the lead's messages and colleagues' replies after the base, oldest first", () => {
    const timeline = [
      event('c', { senderType: 'USER', senderName: 'Priya Shah' }),
      event('b', { eventType: 'SCHEDULED_TOUR_APPOINTMENT', senderType: 'SYSTEM' }),
      event('a2'),
      event('base'),
      event('old'),
    ];
    expect(findNewActivity(timeline, 'base', mine)).toEqual(['a2', 'c']);
  });

  it('never counts my own messages, and says nothing when the base is unknown or unset', () => {
    const timeline = [
      event('m', { senderType: 'USER', senderName: 'Dana Whitfield' }),
      event('base'),
    ];
    expect(findNewActivity(timeline, 'base', mine)).toEqual([]);
    expect(findNewActivity([event('x'), ...timeline], 'gone', mine)).toEqual([]);
    expect(findNewActivity(timeline, null, mine)).toEqual([]);
  });
});
