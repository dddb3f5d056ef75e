import type { LeadSummary } from '@leasing/contract';
import { describe, expect, it } from 'vitest';
import { conversationEvent, lead, leadSummary } from '../../testing/fixtures';
import {
  applyDecisionToLead,
  applyDeliveryToLead,
  applyTranslationToLead,
  hasDecisionChanged,
  mergeEventsNewestFirst,
  replaceEventsInPages,
  translateEventInPages,
} from './merge-events';
import type { ConversationPages } from './merge-events';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 15, minute)).toISOString();
const ids = (events: { _id: string }[]) => events.map((event) => event._id);

describe('merging live events into a newest-first timeline', () => {
  const newest = conversationEvent({ _id: 'e3', date: at(30) });
  const middle = conversationEvent({ _id: 'e2', date: at(20) });
  const oldest = conversationEvent({ _id: 'e1', date: at(10) });
  const events = [newest, middle, oldest];

  it('puts a new event where its date puts it', () => {
    const latest = conversationEvent({ _id: 'e4', date: at(40) });
    const between = conversationEvent({ _id: 'e2b', date: at(25) });
    expect(ids(mergeEventsNewestFirst(events, [latest, between], { hasOlder: false }))).toEqual([
      'e4',
      'e3',
      'e2b',
      'e2',
      'e1',
    ]);
  });

  it('replaces a known event by its id: a new sending status', () => {
    const sent = conversationEvent({ _id: 'sent', date: at(15), sendingStatus: 'PENDING' });
    const merged = mergeEventsNewestFirst(
      [newest, middle, sent, oldest],
      [{ ...sent, sendingStatus: 'COMPLETED' }],
      { hasOlder: false },
    );
    expect(ids(merged)).toEqual(['e3', 'e2', 'sent', 'e1']);
    expect(merged[2]?.sendingStatus).toBe('COMPLETED');
  });

  it('keeps the translation of a message whose newer version came without it, for the same text', () => {
    const translation = { body: { textInEnglish: 'Hello', hash: 'h1' } };
    const message = conversationEvent({
      _id: 'm',
      date: at(15),
      body: 'Hola',
      data: { translation },
    });
    const [kept] = mergeEventsNewestFirst(
      [message],
      [{ ...message, sendingStatus: 'COMPLETED', data: {} }],
      { hasOlder: false },
    );
    expect(kept).toMatchObject({ sendingStatus: 'COMPLETED', data: { translation } });
    // A different text is not what the translation was made from.
    const [changed] = mergeEventsNewestFirst([message], [{ ...message, body: 'Adiós', data: {} }], {
      hasOlder: false,
    });
    expect(changed?.data.translation).toBeUndefined();
  });

  it('shows an event delivered twice once, and keeps a genuine repeat of the same words', () => {
    const ok = conversationEvent({ _id: 'ok-1', body: 'ok', date: at(40) });
    const okAgain = conversationEvent({ _id: 'ok-2', body: 'ok', date: at(41) });
    const merged = mergeEventsNewestFirst(events, [ok, ok, okAgain, ok], { hasOlder: false });
    expect(ids(merged)).toEqual(['ok-2', 'ok-1', 'e3', 'e2', 'e1']);
  });

  it('orders events of the same moment by id, as the server does', () => {
    const a = conversationEvent({ _id: 'a', date: at(40) });
    const b = conversationEvent({ _id: 'b', date: at(40) });
    expect(ids(mergeEventsNewestFirst(events, [a, b], { hasOlder: false }))).toEqual(
      ids(mergeEventsNewestFirst(events, [b, a], { hasOlder: false })),
    );
    expect(ids(mergeEventsNewestFirst(events, [a, b], { hasOlder: false })).slice(0, 2)).toEqual([
      'b',
      'a',
    ]);
  });

  it('leaves an unknown event older than the list to the history pages, when there are some', () => {
    const history = conversationEvent({ _id: 'e0', date: at(5) });
    expect(ids(mergeEventsNewestFirst(events, [history], { hasOlder: true }))).toEqual([
      'e3',
      'e2',
      'e1',
    ]);
    expect(ids(mergeEventsNewestFirst(events, [history], { hasOlder: false })).at(-1)).toBe('e0');
  });

  it('returns the same list when nothing arrives', () => {
    expect(mergeEventsNewestFirst(events, [], { hasOlder: false })).toBe(events);
  });
});

describe('applying a delivery to the cached lead', () => {
  const existing = conversationEvent({ _id: 'old', date: at(10) });
  const cached = lead({ conversations: [existing], phoneOptStatus: 'OPT_IN' });
  const stop = conversationEvent({
    _id: 'stop',
    body: 'STOP',
    date: at(20),
    data: { optStatusChange: { channel: 'phone', status: 'OPT_OUT' } },
  });
  const summary = (overrides: Partial<LeadSummary> = {}) =>
    leadSummary({
      _id: cached._id,
      pmsLeadId: cached.pmsLeadId,
      phoneOptStatus: 'OPT_OUT',
      emailOptStatus: cached.emailOptStatus,
      emailBouncedAt: '2026-11-22T15:20:00.000Z',
      officeDecisionStatus: 'PENDING',
      ...overrides,
    });

  it('adds the events and takes the opt statuses and the bounce from the summary', () => {
    const updated = applyDeliveryToLead(cached, { events: [stop], lead: summary() });
    expect(ids(updated.conversations)).toEqual(['stop', 'old']);
    expect(updated.phoneOptStatus).toBe('OPT_OUT');
    expect(updated.emailBouncedAt).toBe('2026-11-22T15:20:00.000Z');
    expect(updated.notes).toBe(cached.notes);
  });

  it("ignores another lead's delivery", () => {
    const other = applyDeliveryToLead(cached, {
      events: [{ ...stop, leadID: 'lead-2' }],
      lead: summary({ _id: 'lead-2' }),
    });
    expect(other).toBe(cached);
  });

  it('says when the office decision changed, so the lead is reloaded', () => {
    expect(hasDecisionChanged(cached, summary())).toBe(false);
    expect(hasDecisionChanged(cached, summary({ officeDecisionStatus: 'COMPLETED' }))).toBe(true);
    expect(hasDecisionChanged(lead({ officeDecisionState: null }), summary())).toBe(true);
  });

  it('sets a translation on its message', () => {
    const spanish = conversationEvent({ _id: 'es', body: 'Hola', date: at(30) });
    const withSpanish = lead({ conversations: [spanish, existing] });
    const translation = {
      individualID: withSpanish._id,
      messageID: 'es',
      translationData: { body: { textInEnglish: 'Hello', hash: 'h1' } },
    };
    const translated = applyTranslationToLead(withSpanish, translation);
    expect(translated.conversations[0]?.data.translation?.body?.textInEnglish).toBe('Hello');
    expect(translated.conversations[1]).toBe(existing);
    expect(applyTranslationToLead(withSpanish, { ...translation, messageID: 'gone' })).toBe(
      withSpanish,
    );
    expect(applyTranslationToLead(withSpanish, { ...translation, individualID: 'other' })).toBe(
      withSpanish,
    );
  });
});

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

describe('applying an office decision to the cached lead', () => {
  const existing = conversationEvent({ _id: 'old', date: at(10) });
  const completion = conversationEvent({ _id: 'done', eventType: 'OFFICE_DECISION', date: at(20) });
  const cached = lead({ conversations: [existing], officeDecisionState: null });
  const state = {
    status: 'COMPLETED' as const,
    completedAt: at(20),
    completedByUserName: 'Sam',
    outcome: null,
  };

  it('takes the new state and puts the completion event at the head', () => {
    const updated = applyDecisionToLead(cached, { officeDecisionState: state, event: completion });
    expect(updated.officeDecisionState).toEqual(state);
    expect(ids(updated.conversations)).toEqual(['done', 'old']);
  });

  it('keeps the events when the socket brought the completion first, or there is none', () => {
    const withCompletion = lead({ conversations: [completion, existing] });
    const again = applyDecisionToLead(withCompletion, {
      officeDecisionState: state,
      event: completion,
    });
    expect(again.conversations).toBe(withCompletion.conversations);
    const none = applyDecisionToLead(cached, { officeDecisionState: state, event: null });
    expect(none.conversations).toBe(cached.conversations);
  });
});
