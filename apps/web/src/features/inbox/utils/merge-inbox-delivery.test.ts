import type { InboxItem, InboxPage, LeadSummary } from '@leasing/contract';
import { describe, expect, it } from 'vitest';
import { conversationEvent, leadSummary } from '../../../testing/fixtures';
import type { InboxPages, InboxParams } from '../api/get-inbox';
import { inboxItem } from '../testing/inbox-fixtures';
import {
  applyDeliveryToInboxItem,
  compareInboxOrder,
  markInboxItemRead,
  mergeDeliveryIntoInboxPages,
} from './merge-inbox-delivery';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 15, minute)).toISOString();
const all: InboxParams = {
  propertyId: null,
  search: '',
  filters: [],
  channel: null,
  view: 'all',
  statuses: [],
};

function row(id: string, minute: number, overrides: Partial<InboxItem> = {}): InboxItem {
  return inboxItem({
    _id: id,
    pmsLeadId: id.toUpperCase(),
    name: id,
    lastActivityAt: at(minute),
    lastMessageAt: at(minute),
    ...overrides,
  });
}

function pages(...lists: [InboxItem[], string | null][]): InboxPages {
  return {
    pages: lists.map(([items, nextCursor]): InboxPage => ({ items, nextCursor })),
    pageParams: lists.map((_, index) => (index === 0 ? null : `c${index}`)),
  };
}

const ids = (data: InboxPages) => data.pages.map((page) => page.items.map((item) => item._id));

function summaryOf(item: InboxItem, overrides: Partial<LeadSummary> = {}): LeadSummary {
  return leadSummary({
    _id: item._id,
    pmsLeadId: item.pmsLeadId,
    propertyID: item.propertyID,
    name: item.name,
    officeDecisionStatus: item.officeDecisionStatus,
    lastActivityAt: item.lastActivityAt,
    ...overrides,
  });
}

describe('the inbox order', () => {
  it('puts open decisions first, then the newest activity, then the higher id', () => {
    const sorted = [
      row('a', 10),
      row('b', 30),
      row('c', 20, { decisionOpen: true }),
      row('d', 30),
    ].sort(compareInboxOrder);
    expect(sorted.map((item) => item._id)).toEqual(['c', 'd', 'b', 'a']);
  });
});

describe('a delivery in an inbox row', () => {
  it('shows a new text from the lead as unread and awaiting reply', () => {
    const item = row('a', 10);
    const text = conversationEvent({ leadID: 'a', date: at(20), body: 'Is it still free?' });
    const updated = applyDeliveryToInboxItem(item, {
      events: [text],
      lead: summaryOf(item, { lastActivityAt: at(20), phoneOptStatus: 'OPT_OUT' }),
    });
    expect(updated).toMatchObject({
      unread: true,
      awaitingReply: true,
      lastMessageAt: at(20),
      lastMessageChannel: 'SMS',
      lastMessagePreview: 'Is it still free?',
      lastActivityAt: at(20),
      phoneOptStatus: 'OPT_OUT',
      channels: ['EMAIL'],
    });
  });

  it('answers the lead: our message is no longer awaited, and does not mark it unread', () => {
    const item = row('a', 10, { awaitingReply: true });
    const reply = conversationEvent({
      leadID: 'a',
      date: at(20),
      senderType: 'USER',
      eventType: 'EMAIL',
      body: '',
      subject: 'Your tour',
    });
    const updated = applyDeliveryToInboxItem(item, { events: [reply], lead: summaryOf(item) });
    expect(updated).toMatchObject({
      unread: false,
      awaitingReply: false,
      lastMessageChannel: 'EMAIL',
      lastMessagePreview: 'Your tour',
    });
  });

  it('does not undo a read when the same message is heard again (its images arrived)', () => {
    const item = row('a', 20, { unread: false, awaitingReply: true });
    const again = conversationEvent({ leadID: 'a', date: at(20), body: 'Photo' });
    expect(applyDeliveryToInboxItem(item, { events: [again], lead: summaryOf(item) }).unread).toBe(
      false,
    );
  });

  it("shows 'Failed' when our newest message fails, and clears it when a newer one of ours goes", () => {
    const item = row('a', 20);
    const ours = (minute: number, sendingStatus: 'FAILED' | 'PENDING') =>
      conversationEvent({ leadID: 'a', senderType: 'USER', date: at(minute), sendingStatus });
    const failed = applyDeliveryToInboxItem(item, {
      events: [ours(20, 'FAILED')],
      lead: summaryOf(item),
    });
    expect(failed.lastMessageFailed).toBe(true);
    // The lead's reply says nothing about our message.
    const reply = conversationEvent({ leadID: 'a', date: at(25) });
    expect(
      applyDeliveryToInboxItem(failed, { events: [reply], lead: summaryOf(item) })
        .lastMessageFailed,
    ).toBe(true);
    const retried = applyDeliveryToInboxItem(failed, {
      events: [ours(30, 'PENDING')],
      lead: summaryOf(item),
    });
    expect(retried.lastMessageFailed).toBe(false);
  });

  it('opens or closes the decision from the lead summary', () => {
    const item = row('a', 10);
    const decision = conversationEvent({ leadID: 'a', eventType: 'OFFICE_DECISION', date: at(20) });
    const updated = applyDeliveryToInboxItem(item, {
      events: [decision],
      lead: summaryOf(item, { officeDecisionStatus: 'PENDING', lastActivityAt: at(20) }),
    });
    expect(updated).toMatchObject({ decisionOpen: true, lastMessageAt: at(10), unread: false });
  });
});

describe('a delivery in a loaded inbox list', () => {
  const text = (leadID: string, minute: number) =>
    conversationEvent({ leadID, date: at(minute), body: 'New' });

  it('moves the lead to the top of its section; open decisions stay first', () => {
    const decided = row('d', 5, { decisionOpen: true, officeDecisionStatus: 'PENDING' });
    const data = pages([[decided, row('a', 30), row('b', 20)], 'c1'], [[row('c', 10)], null]);
    const merged = mergeDeliveryIntoInboxPages(
      data,
      { events: [text('c', 40)], lead: summaryOf(row('c', 10), { lastActivityAt: at(40) }) },
      all,
    );
    expect(merged.isMissing).toBe(false);
    expect(ids(merged.data)).toEqual([['d', 'c', 'a', 'b'], []]);
    expect(merged.data.pages[0]!.items[1]!.unread).toBe(true);
  });

  it('asks for a reload when a lead it has not loaded moves into the loaded rows', () => {
    const data = pages([[row('a', 30), row('b', 20)], 'c1']);
    const newcomer = leadSummary({ _id: 'z', lastActivityAt: at(50) });
    const merged = mergeDeliveryIntoInboxPages(
      data,
      { events: [text('z', 50)], lead: newcomer },
      all,
    );
    expect(merged.isMissing).toBe(true);
    expect(merged.data).toBe(data);
    // Below the loaded rows it will come with a later page.
    const old = leadSummary({ _id: 'z', lastActivityAt: at(1) });
    expect(mergeDeliveryIntoInboxPages(data, { events: [], lead: old }, all).isMissing).toBe(false);
    // Another property's list has nothing to do with it.
    const otherProperty = { ...all, propertyId: 'another-property' };
    expect(
      mergeDeliveryIntoInboxPages(data, { events: [text('z', 50)], lead: newcomer }, otherProperty)
        .isMissing,
    ).toBe(false);
  });

  it('takes a lead out of a filtered list it no longer belongs to', () => {
    const awaiting = { ...all, filters: ['awaiting' as const] };
    const data = pages([
      [row('a', 30, { awaitingReply: true }), row('b', 20, { awaitingReply: true })],
      null,
    ]);
    const reply = conversationEvent({ leadID: 'a', date: at(40), senderType: 'USER' });
    const merged = mergeDeliveryIntoInboxPages(
      data,
      { events: [reply], lead: summaryOf(row('a', 30), { lastActivityAt: at(40) }) },
      awaiting,
    );
    expect(ids(merged.data)).toEqual([['b']]);
  });

  it('leaves a row whose new place is past the loaded pages to a later page', () => {
    const decided = row('d', 50, { decisionOpen: true, officeDecisionStatus: 'PENDING' });
    const data = pages([[decided, row('a', 30)], 'c1']);
    const completed = mergeDeliveryIntoInboxPages(
      data,
      { events: [], lead: summaryOf(decided, { officeDecisionStatus: 'COMPLETED' }) },
      all,
    );
    // Without its decision it sorts by activity: still the newest, so still first.
    expect(ids(completed.data)).toEqual([['d', 'a']]);
    expect(completed.data.pages[0]!.items[0]!.decisionOpen).toBe(false);
    const stale = mergeDeliveryIntoInboxPages(
      data,
      {
        events: [],
        lead: summaryOf(decided, { officeDecisionStatus: 'COMPLETED', lastActivityAt: at(1) }),
      },
      all,
    );
    expect(ids(stale.data)).toEqual([['a']]);
  });

  it('marks a row read where it is', () => {
    const data = pages([[row('a', 30, { unread: true }), row('b', 20, { unread: true })], null]);
    const read = markInboxItemRead(data, 'b');
    expect(read.pages[0]!.items.map((item) => item.unread)).toEqual([true, false]);
    expect(markInboxItemRead(read, 'b')).toBe(read);
  });

  it("takes a row out of 'Mine' when its lead goes to someone else, and asks for one given to me", () => {
    const mine: InboxParams = { ...all, view: 'mine' };
    const alex = { kind: 'user' as const, userId: 'alex', name: 'Alex Kim' };
    const priya = { kind: 'user' as const, userId: 'priya', name: 'Priya Shah' };
    const data = pages([[row('a', 30, { owner: alex }), row('b', 20, { owner: alex })], null]);

    const handedOn = mergeDeliveryIntoInboxPages(
      data,
      { events: [], lead: summaryOf(data.pages[0]!.items[1]!, { owner: priya }) },
      mine,
      'alex',
    );
    expect(ids(handedOn.data)).toEqual([['a']]);
    expect(handedOn.isMissing).toBe(false);

    const given = mergeDeliveryIntoInboxPages(
      data,
      { events: [], lead: summaryOf(row('c', 40), { owner: alex }) },
      mine,
      'alex',
    );
    expect(given.isMissing).toBe(true);
    // Someone else's new lead is none of 'Mine''s business.
    const theirs = mergeDeliveryIntoInboxPages(
      data,
      { events: [], lead: summaryOf(row('d', 40), { owner: priya }) },
      mine,
      'alex',
    );
    expect(theirs.isMissing).toBe(false);
  });

  it("keeps 'Assistant' and 'Unassigned' to their owners", () => {
    const bot: InboxParams = { ...all, view: 'assistant' };
    const data = pages([[row('a', 30, { owner: { kind: 'assistant' } })], null]);
    const taken = mergeDeliveryIntoInboxPages(
      data,
      {
        events: [],
        lead: summaryOf(data.pages[0]!.items[0]!, {
          owner: { kind: 'user', userId: 'alex', name: 'Alex Kim' },
        }),
      },
      bot,
      'alex',
    );
    expect(ids(taken.data)).toEqual([[]]);
    const unassigned = mergeDeliveryIntoInboxPages(
      data,
      { events: [], lead: summaryOf(data.pages[0]!.items[0]!, { owner: { kind: 'unassigned' } }) },
      { ...all, view: 'unassigned' },
      'alex',
    );
    expect(ids(unassigned.data)).toEqual([['a']]);
  });

  it("keeps 'Failed' to leads whose newest message of ours failed, unread or not", () => {
    const failed = { ...all, filters: ['failed' as const] };
    const data = pages([
      [
        row('a', 30, { lastMessageFailed: true, unread: true }),
        row('b', 20, { lastMessageFailed: true }),
      ],
      null,
    ]);
    // Our retry of a's message went out: a leaves 'Failed', though its lead wrote (unread).
    const retried = conversationEvent({
      leadID: 'a',
      date: at(40),
      senderType: 'USER',
      sendingStatus: 'COMPLETED',
    });
    const merged = mergeDeliveryIntoInboxPages(
      data,
      { events: [retried], lead: summaryOf(row('a', 30), { lastActivityAt: at(40) }) },
      failed,
    );
    expect(ids(merged.data)).toEqual([['b']]);
  });

  it("keeps one person's list (the team's workload) to their leads", () => {
    const alexs: InboxParams = { ...all, ownerId: 'alex' };
    const data = pages([
      [row('a', 30, { owner: { kind: 'user', userId: 'alex', name: 'A' } })],
      null,
    ]);
    const handedOn = mergeDeliveryIntoInboxPages(
      data,
      {
        events: [],
        lead: summaryOf(data.pages[0]!.items[0]!, {
          owner: { kind: 'user', userId: 'priya', name: 'Priya Shah' },
        }),
      },
      alexs,
    );
    expect(ids(handedOn.data)).toEqual([[]]);
  });
});
