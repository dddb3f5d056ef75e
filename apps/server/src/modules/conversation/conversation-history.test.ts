import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ConversationPage,
  ConversationSearchPage,
  ConversationWindow,
} from '@leasing/contract';
import { conversationEvents, type LeadRow } from '../../db/schema/index.js';
import { createConversationEvent, createLead, createOffice } from '../../test/factories.js';
import { everyDatabase } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

type ErrorBody = { error: { details?: { path: string }[] } };

const HISTORY = 300;
const HOUR = 3_600_000;
/** Event `i` of the history (0 is the oldest) is `i` hours after this. */
const START = Date.parse('2025-01-01T00:00:00.000Z');
const hourOf = (i: number) => new Date(START + i * HOUR);

describe.each(everyDatabase())('long histories on $name', (target) => {
  const s = useTestApp(target, { seed: 'none' });
  let token: string;
  let otherToken: string;
  let lead: LeadRow;
  let theirLead: LeadRow;
  /** The history's ids, oldest first. */
  let idsOldestFirst: string[];

  const get = async <T>(url: string, as = token) => s.request<T>('GET', url, { as });

  beforeAll(async () => {
    const office = await createOffice(s.db);
    lead = await createLead(s.db, office.property, { name: 'Noah Reed' });
    const rows = await s.db
      .insert(conversationEvents)
      .values(
        Array.from({ length: HISTORY }, (_, i) => ({
          companyId: lead.companyId,
          leadId: lead.id,
          eventType: 'SMS' as const,
          senderType: 'LEAD' as const,
          body: `history ${i}`,
          date: hourOf(i),
        })),
      )
      .returning({ id: conversationEvents.id, date: conversationEvents.date });
    idsOldestFirst = rows.sort((a, b) => a.date.getTime() - b.date.getTime()).map((row) => row.id);
    const elsewhere = await createOffice(s.db);
    theirLead = await createLead(s.db, elsewhere.property, { name: 'Other Company Lead' });
    await createConversationEvent(s.db, theirLead, { body: 'Their parking question' });
    token = await s.signIn(office.staff.credentials);
    otherToken = await s.signIn(elsewhere.staff.credentials);
  });

  describe('the events around a moment', () => {
    it('answers half the window at or after the moment and half before it, newest first', async () => {
      const { status, body } = await get<ConversationWindow>(
        `/api/leads/${lead.id}/conversations/around?date=${hourOf(100).toISOString()}&limit=10`,
      );
      expect(status).toBe(200);
      expect(body.items.map((event) => event.body)).toEqual(
        [104, 103, 102, 101, 100, 99, 98, 97, 96, 95].map((i) => `history ${i}`),
      );
      expect(body.olderCursor).not.toBeNull();
      expect(body.newerCursor).not.toBeNull();
    });

    it('pages on both ways from the window to each end, without gaps or repeats', async () => {
      const window = (
        await get<ConversationWindow>(
          `/api/leads/${lead.id}/conversations/around?date=${hourOf(150).toISOString()}&limit=20`,
        )
      ).body;
      const seen = window.items.map((event) => event._id);
      for (const direction of ['before', 'after'] as const) {
        let cursor = direction === 'before' ? window.olderCursor : window.newerCursor;
        while (cursor) {
          const { status, body } = await get<ConversationPage>(
            `/api/leads/${lead.id}/conversations?${direction}=${cursor}&limit=37`,
          );
          expect(status).toBe(200);
          const dates = body.items.map((event) => Date.parse(event.date));
          expect(dates).toEqual([...dates].sort((a, b) => b - a));
          if (direction === 'before') seen.push(...body.items.map((event) => event._id));
          else seen.unshift(...body.items.map((event) => event._id));
          cursor = body.nextCursor;
        }
      }
      expect(seen).toEqual([...idsOldestFirst].reverse());
    });

    it('fills the window with older events past the newest, and says both ends are reached', async () => {
      const afterAll = await get<ConversationWindow>(
        `/api/leads/${lead.id}/conversations/around?date=2030-01-01T00:00:00.000Z&limit=6`,
      );
      expect(afterAll.body.items.map((event) => event.body)).toEqual(
        [299, 298, 297, 296, 295, 294].map((i) => `history ${i}`),
      );
      expect(afterAll.body.newerCursor).toBeNull();
      const beforeAll = await get<ConversationWindow>(
        `/api/leads/${lead.id}/conversations/around?date=2020-01-01T00:00:00.000Z&limit=6`,
      );
      expect(beforeAll.body.items.map((event) => event.body)).toEqual(
        [2, 1, 0].map((i) => `history ${i}`),
      );
      expect(beforeAll.body.olderCursor).toBeNull();
      expect(beforeAll.body.newerCursor).not.toBeNull();
    });

    it('answers 400 naming the field for a bad date or cursors both ways, 403 and 404 for leads not ours', async () => {
      const bad = await get<ErrorBody>(`/api/leads/${lead.id}/conversations/around?date=tomorrow`);
      expect(bad.status).toBe(400);
      expect(bad.body.error.details?.map((detail) => detail.path)).toEqual(['querystring.date']);
      const both = await get<ErrorBody>(`/api/leads/${lead.id}/conversations?before=a&after=b`);
      expect(both.status).toBe(400);
      expect(both.body.error.details?.map((detail) => detail.path)).toEqual(['querystring.after']);
      const badAfter = await get<ErrorBody>(`/api/leads/${lead.id}/conversations?after=nope`);
      expect(badAfter.status).toBe(400);
      expect(badAfter.body.error.details?.map((detail) => detail.path)).toEqual([
        'querystring.after',
      ]);
      const date = new Date().toISOString();
      expect(
        (await get(`/api/leads/${theirLead.id}/conversations/around?date=${date}`)).status,
      ).toBe(403);
      expect(
        (
          await get(
            `/api/leads/00000000-0000-4000-a000-000000000000/conversations/around?date=${date}`,
          )
        ).status,
      ).toBe(404);
    });
  });

  describe('search inside the conversation', () => {
    let searchLead: LeadRow;

    beforeAll(async () => {
      const office = await createOffice(s.db);
      searchLead = await createLead(s.db, office.property, { name: 'Mia Stone' });
      const at = (hours: number) => new Date(START + hours * HOUR);
      const event = (hours: number, overrides: Parameters<typeof createConversationEvent>[2]) =>
        createConversationEvent(s.db, searchLead, { date: at(hours), ...overrides });
      await event(1, { body: 'Is PARKING included?' });
      await event(2, { body: 'Parking is $45 a month.' });
      await event(3, { body: 'Nothing about cars here' });
      await event(4, { body: 'Get 50% off the first month' });
      await event(5, { body: 'Get 50 dollars off' });
      await event(6, { body: 'unit_12 is ready' });
      await event(7, { body: 'unit 12 is ready' });
      await event(8, { eventType: 'EMAIL', subject: 'Parking permit', body: 'See attached.' });
      await event(9, {
        body: '¿Hay estacionamiento?',
        data: { translation: { body: { textInEnglish: 'Is there parking?' } } },
      });
      await event(10, {
        eventType: 'CALL',
        body: 'Inbound call',
        data: { transcript: [{ speaker: 'LEAD', text: 'Where do I park my bike?' }] },
      });
      token = await s.signIn(office.staff.credentials);
    });

    const search = (q: string, extra = '', as = token) =>
      get<ConversationSearchPage>(
        `/api/leads/${searchLead.id}/conversations/search?q=${encodeURIComponent(q)}${extra}`,
        as,
      );

    it('finds any case in body, subject, translation and transcript, newest first, with snippets', async () => {
      const { status, body } = await search('parking');
      expect(status).toBe(200);
      expect(body.total).toBe(4);
      expect(body.items.map((hit) => hit.snippet)).toEqual([
        'Is there parking?',
        'Parking permit',
        'Parking is $45 a month.',
        'Is PARKING included?',
      ]);
      expect((await search('PARK')).body.total).toBe(5);
    });

    it('takes % and _ literally', async () => {
      expect((await search('50%')).body.items.map((hit) => hit.snippet)).toEqual([
        'Get 50% off the first month',
      ]);
      expect((await search('unit_12')).body.items.map((hit) => hit.snippet)).toEqual([
        'unit_12 is ready',
      ]);
    });

    it('pages the matches by cursor without gaps or repeats, counting them on the first page only', async () => {
      const seen: string[] = [];
      const totals: (number | undefined)[] = [];
      let cursor: string | null = null;
      do {
        const extra: string = cursor ? `&cursor=${cursor}&limit=2` : '&limit=2';
        const { body } = await search('park', extra);
        totals.push(body.total);
        expect(body.items.length).toBeLessThanOrEqual(2);
        seen.push(...body.items.map((hit) => hit.snippet));
        cursor = body.nextCursor;
      } while (cursor);
      // The reader keeps the first page's total: the pages after it are not counted again.
      expect(totals).toEqual([5, undefined, undefined]);
      expect(seen).toEqual([
        'Where do I park my bike?',
        'Is there parking?',
        'Parking permit',
        'Parking is $45 a month.',
        'Is PARKING included?',
      ]);
    });

    it("answers 400 naming q for empty or over-long words, 403 for another company's lead", async () => {
      for (const q of ['', '   ', 'x'.repeat(201)]) {
        const { status, body } = await get<ErrorBody>(
          `/api/leads/${searchLead.id}/conversations/search?q=${q}`,
        );
        expect(status, JSON.stringify(q)).toBe(400);
        expect(body.error.details?.map((detail) => detail.path)).toEqual(['querystring.q']);
      }
      expect((await search('parking', '', otherToken)).status).toBe(403);
      const theirs = await get<ConversationSearchPage>(
        `/api/leads/${theirLead.id}/conversations/search?q=parking`,
      );
      expect(theirs.status).toBe(403);
      const own = await get<ConversationSearchPage>(
        `/api/leads/${theirLead.id}/conversations/search?q=parking`,
        otherToken,
      );
      expect(own.body.items.map((hit) => hit.snippet)).toEqual(['Their parking question']);
    });
  });
});
