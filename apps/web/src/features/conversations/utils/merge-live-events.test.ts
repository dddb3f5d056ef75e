import { describe, expect, it } from 'vitest';
import { conversationEvent } from '../../../testing/fixtures';
import { replaceEventsInPages, translateEventInPages } from './merge-live-events';
import type { ConversationPages } from './merge-live-events';

describe('live updates of the history pages', () => {
  const a = conversationEvent({ _id: 'a', sendingStatus: 'PENDING', senderType: 'USER' });
  const b = conversationEvent({ _id: 'b' });
  const c = conversationEvent({ _id: 'c' });
  const data: ConversationPages = {
    pages: [
      { items: [c], nextCursor: 'next' },
      { items: [b, a], nextCursor: null },
    ],
    pageParams: ['start', 'next'],
  };

  it('replaces a loaded event by its id and adds none', () => {
    const failed = { ...a, sendingStatus: 'FAILED' as const };
    const unknown = conversationEvent({ _id: 'new' });
    const updated = replaceEventsInPages(data, [failed, unknown]);
    expect(updated.pages[1]?.items).toEqual([b, failed]);
    expect(updated.pages[0]).toBe(data.pages[0]);
    expect(updated.pages.flatMap((page) => page.items)).toHaveLength(3);
  });

  it('keeps the same data when none of the events is loaded', () => {
    expect(replaceEventsInPages(data, [conversationEvent({ _id: 'elsewhere' })])).toBe(data);
  });

  it('sets a translation on its message', () => {
    const updated = translateEventInPages(data, {
      individualID: 'lead-1',
      messageID: 'b',
      translationData: { body: { textInEnglish: 'Hello' } },
    });
    expect(updated.pages[1]?.items[0]?.data.translation?.body?.textInEnglish).toBe('Hello');
    expect(updated.pages[1]?.items[1]).toBe(a);
  });
});
