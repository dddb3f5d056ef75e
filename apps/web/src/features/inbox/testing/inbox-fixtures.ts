import type { InboxItem } from '@leasing/contract';
import { leadSummary, properties } from '../../../testing/fixtures';

/** One inbox row as the server sends it: a read lead with a text from us last, unless told. */
export function inboxItem(overrides: Partial<InboxItem> = {}): InboxItem {
  return {
    ...leadSummary(),
    propertyName: properties[0]!.name,
    lastMessageAt: '2026-11-22T15:05:00.000Z',
    lastMessageChannel: 'SMS',
    lastMessagePreview: 'We have a 2 bedroom available March 1.',
    awaitingReply: false,
    decisionOpen: false,
    unread: false,
    lastMessageFailed: false,
    channels: ['SMS', 'EMAIL'],
    propertyTimeZone: 'America/Chicago',
    lights: {
      needsReply: false,
      waitingSince: null,
      followUpOverdue: false,
      noContact48h: false,
      speedToLead: null,
    },
    ...overrides,
  };
}
