import type { Lead } from '@leasing/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { conversationEvent, lead, leadSummary } from '../../testing/fixtures';
import {
  addConversationEvents,
  applyOfficeDecision,
  getConversationHistoryKey,
  getLeadQueryKey,
  mergeLiveDelivery,
  mergeLiveTranslation,
  setLeadNotes,
} from './conversation-cache';
import type { ConversationPages } from './merge-events';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 15, minute)).toISOString();
const ids = (events: { _id: string }[]) => events.map((event) => event._id);

/** A lead on screen with one event, and a loaded page of its history. */
function setup(overrides: Partial<Lead> = {}) {
  const queryClient = new QueryClient();
  const recent = conversationEvent({ _id: 'recent', date: at(30) });
  const older = conversationEvent({ _id: 'older', date: at(10), sendingStatus: 'PENDING' });
  const cached = lead({ conversations: [recent], conversationsCursor: 'c1', ...overrides });
  const leadKey = getLeadQueryKey(cached.propertyID, cached.pmsLeadId);
  const historyKey = getConversationHistoryKey(cached._id, 'c1');
  queryClient.setQueryData(leadKey, cached);
  const history: ConversationPages = {
    pages: [{ items: [older], nextCursor: null }],
    pageParams: ['c1'],
  };
  queryClient.setQueryData(historyKey, history);
  const read = () => queryClient.getQueryData<Lead>(leadKey);
  const readHistory = () =>
    queryClient.getQueryData<ConversationPages>(historyKey)?.pages.flatMap((page) => page.items);
  return { queryClient, cached, recent, older, read, readHistory };
}

/** The delivery summary of a cached lead, its decision unchanged. */
const summaryOf = (cached: Lead) =>
  leadSummary({
    _id: cached._id,
    propertyID: cached.propertyID,
    pmsLeadId: cached.pmsLeadId,
    officeDecisionStatus: cached.officeDecisionState?.status ?? null,
  });

describe('the conversation cache', () => {
  it('adds events this tab created once, by id, newest first', () => {
    const { queryClient, cached, read } = setup();
    const sent = conversationEvent({ _id: 'sent', date: at(40) });
    addConversationEvents(queryClient, cached, [sent]);
    addConversationEvents(queryClient, cached, [sent]);
    expect(ids(read()?.conversations ?? [])).toEqual(['sent', 'recent']);
  });

  it('merges a live delivery into the lead and a status change into the history pages', () => {
    const { queryClient, cached, older, read, readHistory } = setup();
    const incoming = conversationEvent({ _id: 'new', leadID: cached._id, date: at(40) });
    const failed = { ...older, leadID: cached._id, sendingStatus: 'FAILED' as const };
    const summary = leadSummary({
      _id: cached._id,
      propertyID: cached.propertyID,
      pmsLeadId: cached.pmsLeadId,
      officeDecisionStatus: cached.officeDecisionState?.status ?? null,
    });
    mergeLiveDelivery(queryClient, { events: [incoming, failed], lead: summary });
    expect(ids(read()?.conversations ?? [])).toEqual(['new', 'recent']);
    expect(readHistory()).toEqual([failed]);
  });

  it('sets a translation on its message in the lead and in the history pages', () => {
    const { queryClient, cached, read, readHistory } = setup();
    const translationData = { body: { textInEnglish: 'Hello', hash: 'h1' } };
    for (const messageID of ['recent', 'older']) {
      mergeLiveTranslation(queryClient, { individualID: cached._id, messageID, translationData });
    }
    expect(read()?.conversations[0]?.data.translation).toEqual(translationData);
    expect(readHistory()?.[0]?.data.translation).toEqual(translationData);
  });

  it('keeps a translation when a version of its message read before it arrives after it', () => {
    const { queryClient, cached, recent, older, read, readHistory } = setup();
    const translationData = { body: { textInEnglish: 'Hello', hash: 'h1' } };
    for (const messageID of ['recent', 'older']) {
      mergeLiveTranslation(queryClient, { individualID: cached._id, messageID, translationData });
    }
    // The socket's answer, read before the translation was stored, with a new sending status.
    const stale = [recent, older].map((event) => ({
      ...event,
      leadID: cached._id,
      sendingStatus: 'COMPLETED' as const,
    }));
    mergeLiveDelivery(queryClient, { events: stale, lead: summaryOf(cached) });
    expect(read()?.conversations[0]).toMatchObject({
      sendingStatus: 'COMPLETED',
      data: { translation: translationData },
    });
    expect(readHistory()?.[0]).toMatchObject({
      sendingStatus: 'COMPLETED',
      data: { translation: translationData },
    });
  });

  it('sets a translation heard before its message on the message when it comes', () => {
    const { queryClient, cached, read } = setup();
    const translationData = { body: { textInEnglish: 'Hello', hash: 'h1' } };
    mergeLiveTranslation(queryClient, {
      individualID: cached._id,
      messageID: 'new',
      translationData,
    });
    const message = conversationEvent({ _id: 'new', leadID: cached._id, date: at(40) });
    mergeLiveDelivery(queryClient, { events: [message], lead: summaryOf(cached) });
    expect(read()?.conversations.map((event) => [event._id, event.data.translation])).toEqual([
      ['new', translationData],
      ['recent', undefined],
    ]);
  });

  it("takes an office decision's state and completion event", () => {
    const { queryClient, cached, read } = setup();
    const completion = conversationEvent({ _id: 'done', date: at(40) });
    const state = {
      status: 'COMPLETED' as const,
      completedAt: at(40),
      completedByUserName: 'Sam',
      outcome: null,
    };
    applyOfficeDecision(queryClient, cached, { officeDecisionState: state, event: completion });
    expect(read()?.officeDecisionState).toEqual(state);
    expect(ids(read()?.conversations ?? [])).toEqual(['done', 'recent']);
  });

  it("takes the lead's saved notes and leaves a lead not loaded alone", () => {
    const { queryClient, cached, read } = setup();
    setLeadNotes(queryClient, cached, []);
    expect(read()?.notes).toEqual([]);
    const other = { propertyID: cached.propertyID, pmsLeadId: 'not-loaded' };
    setLeadNotes(queryClient, other, []);
    addConversationEvents(queryClient, other, [conversationEvent()]);
    expect(queryClient.getQueryData(getLeadQueryKey(other.propertyID, other.pmsLeadId))).toBe(
      undefined,
    );
  });
});
