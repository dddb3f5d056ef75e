import type { LeadSummary } from '@leasing/contract';
import { describe, expect, it } from 'vitest';
import { conversationEvent, lead, leadSummary } from '../../../testing/fixtures';
import {
  applyDeliveryToLead,
  applyTranslationToLead,
  hasDecisionChanged,
  mergeEventsNewestFirst,
  upsertLeadSummary,
} from './merge-live-updates';
import type { LeadPages } from './merge-live-updates';

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

describe('updating a property lead list', () => {
  const summaryAt = (id: string, minute: number) =>
    leadSummary({ _id: id, pmsLeadId: id, lastActivityAt: at(minute) });
  const pages = (...lists: [string, number][][]): LeadPages => ({
    pages: lists.map((items, index) => ({
      items: items.map(([id, minute]) => summaryAt(id, minute)),
      nextCursor: index < lists.length - 1 ? `cursor-${index}` : null,
    })),
    pageParams: lists.map((_, index) => (index === 0 ? null : `cursor-${index - 1}`)),
  });
  const names = (data: LeadPages) => data.pages.map((page) => ids(page.items));

  it('moves a lead with new activity to the top, from any loaded page', () => {
    const data = pages(
      [
        ['a', 50],
        ['b', 40],
      ],
      [
        ['c', 30],
        ['d', 20],
      ],
    );
    expect(names(upsertLeadSummary(data, summaryAt('d', 60)))).toEqual([['d', 'a', 'b'], ['c']]);
  });

  it('puts a new lead at the top and keeps the others', () => {
    const data = pages([
      ['a', 50],
      ['b', 40],
    ]);
    const updated = upsertLeadSummary(data, summaryAt('new', 55));
    expect(names(updated)).toEqual([['new', 'a', 'b']]);
    expect(updated.pageParams).toBe(data.pageParams);
  });

  it('updates a lead in place when its place does not change', () => {
    const data = pages([
      ['a', 50],
      ['b', 40],
    ]);
    const optedOut = { ...summaryAt('b', 40), phoneOptStatus: 'OPT_OUT' as const };
    const updated = upsertLeadSummary(data, optedOut);
    expect(names(updated)).toEqual([['a', 'b']]);
    expect(updated.pages[0]?.items[1]?.phoneOptStatus).toBe('OPT_OUT');
  });

  it('leaves a lead whose place is past the loaded pages to a later page', () => {
    const data = pages(
      [
        ['a', 50],
        ['b', 40],
      ],
      [['c', 30]],
    );
    data.pages[1]!.nextCursor = 'more';
    expect(names(upsertLeadSummary(data, summaryAt('z', 10)))).toEqual([['a', 'b'], ['c']]);
    data.pages[1]!.nextCursor = null;
    expect(names(upsertLeadSummary(data, summaryAt('z', 10)))).toEqual([
      ['a', 'b'],
      ['c', 'z'],
    ]);
  });
});
