import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ConversationPage,
  Lead,
  LeadPage,
  Note,
  OfficeDecisionResponse,
  Property,
} from '@leasing/contract';
import { conversationEvents } from '../../db/schema/index.js';
import {
  createConversationEvent,
  createLead,
  createNote,
  createOffice,
  type Office,
} from '../../test/factories.js';
import { encodeCursor } from '../../lib/cursor.js';
import { oneDatabase } from '../../test/test-app.js';
import { useTestApp, type HttpMethod } from '../../test/use-test-app.js';

const ETHAN_HISTORY = 2000;

describe.each(oneDatabase())('lead pane API on $name', (target) => {
  const s = useTestApp(target, { seed: 'none' });
  let office: Office;
  let token: string;
  let otherToken: string;
  const leadsByName = new Map<string, Lead>();
  const theirLeadsByName = new Map<string, Lead>();
  /** Another company's lead with an open office decision. */
  let harborLead: Lead;

  const request = <T>(method: HttpMethod, url: string, as = token, payload?: unknown) =>
    s.request<T>(method, url, { as, payload });
  const loadLeads = async (as: string) => {
    const properties = (await request<Property[]>('GET', '/api/properties', as)).body;
    const found: Lead[] = [];
    for (const property of properties) {
      const page = (
        await request<LeadPage>('GET', `/api/properties/${property._id}/leads?limit=200`, as)
      ).body;
      for (const summary of page.items) {
        found.push(
          (
            await request<Lead>(
              'GET',
              `/api/properties/${property._id}/leads/${summary.pmsLeadId}`,
              as,
            )
          ).body,
        );
      }
    }
    return found;
  };

  beforeAll(async () => {
    office = await createOffice(s.db, { staff: { name: 'Dana Whitfield' } });
    const ethan = await createLead(s.db, office.property, { name: 'Ethan Wilson' });
    const now = Date.now();
    await s.db.insert(conversationEvents).values(
      Array.from({ length: ETHAN_HISTORY }, (_, i) => ({
        companyId: ethan.companyId,
        leadId: ethan.id,
        eventType: 'SMS' as const,
        senderType: 'LEAD' as const,
        body: `history ${i}`,
        date: new Date(now - (i + 1) * 3_600_000),
      })),
    );
    const liam = await createLead(s.db, office.property, { name: 'Liam Carter' });
    for (const hoursAgo of [3, 2])
      await createConversationEvent(s.db, liam, { date: new Date(now - hoursAgo * 3_600_000) });
    const ava = await createLead(s.db, office.property, {
      name: 'Ava Thompson',
      officeDecisionStatus: 'PENDING',
    });
    await createNote(s.db, ava, office.staff.user, { text: 'Asked about parking.' });
    await createLead(s.db, office.property, { name: 'Isabella Garcia' });

    const elsewhere = await createOffice(s.db);
    for (const name of ['Harbor Pending', 'Harbor Also Pending'])
      await createLead(s.db, elsewhere.property, { name, officeDecisionStatus: 'PENDING' });

    token = await s.signIn(office.staff.credentials);
    otherToken = await s.signIn(elsewhere.staff.credentials);
    for (const lead of await loadLeads(token)) leadsByName.set(lead.name, lead);
    for (const lead of await loadLeads(otherToken)) theirLeadsByName.set(lead.name, lead);
    harborLead = theirLeadsByName.get('Harbor Pending')!;
  });

  const lead = (name: string) => {
    const found = leadsByName.get(name);
    if (!found) throw new Error(`no lead ${name}`);
    return found;
  };

  describe('conversation pages', () => {
    it('walks a 2,000-event history newest first with no gaps or duplicates, even while new events arrive', async () => {
      const ethan = lead('Ethan Wilson');
      const seen = ethan.conversations.map((event) => event._id);
      let cursor = ethan.conversationsCursor;
      let page = 0;
      while (cursor) {
        const { status, body } = await request<ConversationPage>(
          'GET',
          `/api/leads/${ethan._id}/conversations?before=${cursor}&limit=150`,
        );
        expect(status).toBe(200);
        seen.push(...body.items.map((event) => event._id));
        const dates = body.items.map((event) => Date.parse(event.date));
        expect(dates).toEqual([...dates].sort((a, b) => b - a));
        cursor = body.nextCursor;
        // New messages land at the top while the reader pages back; the walk must not notice.
        if (page++ % 3 === 0) {
          await s.db.insert(conversationEvents).values({
            companyId: ethan.companyID,
            leadId: ethan._id,
            eventType: 'SMS',
            senderType: 'LEAD',
            senderName: ethan.name,
            body: `arrived during paging ${page}`,
          });
        }
      }
      expect(seen).toHaveLength(ETHAN_HISTORY);
      expect(new Set(seen).size).toBe(ETHAN_HISTORY);
    });

    it('keeps events that share a timestamp apart by id', async () => {
      const liam = lead('Liam Carter');
      const date = new Date('2026-01-01T12:00:00.000Z');
      await s.db.insert(conversationEvents).values(
        Array.from({ length: 5 }, (_, i) => ({
          companyId: liam.companyID,
          leadId: liam._id,
          eventType: 'SMS' as const,
          senderType: 'LEAD' as const,
          body: `same instant ${i}`,
          date,
        })),
      );
      const ids: string[] = [];
      let cursor: string | null | undefined;
      do {
        const query: string = cursor ? `&before=${cursor}` : '';
        const { body } = await request<ConversationPage>(
          'GET',
          `/api/leads/${liam._id}/conversations?limit=2${query}`,
        );
        ids.push(...body.items.map((event) => event._id));
        cursor = body.nextCursor;
      } while (cursor);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBe(7);
    });

    it('answers 404 for an unknown lead, 403 for another company, 400 for a bad cursor', async () => {
      expect(
        (await request('GET', '/api/leads/00000000-0000-4000-a000-000000000000/conversations'))
          .status,
      ).toBe(404);
      expect((await request('GET', `/api/leads/${harborLead._id}/conversations`)).status).toBe(403);
      expect(
        (await request('GET', `/api/leads/${lead('Ava Thompson')._id}/conversations?before=nope`))
          .status,
      ).toBe(400);
    });

    it("never answers another company's events, even where its lead has some; a lead with none is an empty page", async () => {
      await s.db.insert(conversationEvents).values({
        companyId: harborLead.companyID,
        leadId: harborLead._id,
        eventType: 'SMS',
        senderType: 'LEAD',
        body: 'their private text',
        date: new Date(),
      });
      // Positive control: the owning company sees it.
      const theirs = await request('GET', `/api/leads/${harborLead._id}/conversations`, otherToken);
      expect(theirs.status).toBe(200);
      expect(JSON.stringify(theirs.body)).toContain('their private text');

      for (const before of [
        '',
        `?before=${encodeCursor({ date: new Date(), id: harborLead._id })}`,
      ]) {
        const foreign = await request('GET', `/api/leads/${harborLead._id}/conversations${before}`);
        expect(foreign.status).toBe(403);
        expect(JSON.stringify(foreign.body)).not.toContain('their private text');
      }
      const empty = await request<{ items: unknown[]; nextCursor: string | null }>(
        'GET',
        `/api/leads/${lead('Isabella Garcia')._id}/conversations`,
      );
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual({ items: [], nextCursor: null });
    });
  });

  describe('notes', () => {
    it('adds a note and answers every note newest first, with its author', async () => {
      const ava = lead('Ava Thompson');
      const { status, body } = await request<Note[]>('POST', `/api/leads/${ava._id}/notes`, token, {
        leadID: ava._id,
        companyID: ava.companyID,
        text: '  Prefers texts after 5 PM.  ',
      });
      expect(status).toBe(200);
      expect(body).toHaveLength(ava.notes.length + 1);
      expect(body[0]).toMatchObject({
        text: 'Prefers texts after 5 PM.',
        createdByUserName: 'Dana Whitfield',
      });
      const listed = await request<Note[]>('GET', `/api/leads/${ava._id}/notes`);
      expect(listed.body).toEqual(body);
    });

    it('refuses empty, blank and over-long text with 400 and writes nothing', async () => {
      const liam = lead('Liam Carter');
      const notesOfLiam = async () =>
        (await request<Note[]>('GET', `/api/leads/${liam._id}/notes`)).body.map((n) => n.text);
      // The same list shows a note that is written.
      const accepted = await request('POST', `/api/leads/${liam._id}/notes`, token, {
        leadID: liam._id,
        companyID: liam.companyID,
        text: 'Accepted note.',
      });
      expect(accepted.status).toBe(200);
      expect(await notesOfLiam()).toEqual(['Accepted note.']);
      for (const text of ['', '   \n ', 'x'.repeat(5001)]) {
        const response = await request<{ error: { message: string } }>(
          'POST',
          `/api/leads/${liam._id}/notes`,
          token,
          {
            leadID: liam._id,
            companyID: liam.companyID,
            text,
          },
        );
        expect(response.status).toBe(400);
        expect(response.body.error.message).toContain('text');
      }
      expect(await notesOfLiam()).toEqual(['Accepted note.']);
    });

    it("refuses another company's companyID or lead with 403 and writes nothing", async () => {
      const liam = lead('Liam Carter');
      const theirNotes = async () =>
        (await request<Note[]>('GET', `/api/leads/${harborLead._id}/notes`, otherToken)).body.map(
          (note) => note.text,
        );
      const liamNotesBefore = (await request<Note[]>('GET', `/api/leads/${liam._id}/notes`)).body;
      // Their own note on their lead shows in the list that must not show ours.
      const own = await request('POST', `/api/leads/${harborLead._id}/notes`, otherToken, {
        leadID: harborLead._id,
        companyID: harborLead.companyID,
        text: 'their own note',
      });
      expect(own.status).toBe(200);
      expect(await theirNotes()).toContain('their own note');
      const spoofed = await request('POST', `/api/leads/${liam._id}/notes`, token, {
        leadID: liam._id,
        companyID: harborLead.companyID,
        text: 'spoofed company',
      });
      expect(spoofed.status).toBe(403);
      const foreign = await request('POST', `/api/leads/${harborLead._id}/notes`, token, {
        leadID: harborLead._id,
        companyID: liam.companyID,
        text: 'into another company',
      });
      expect(foreign.status).toBe(403);
      expect((await request('GET', `/api/leads/${harborLead._id}/notes`)).status).toBe(403);
      expect((await request<Note[]>('GET', `/api/leads/${liam._id}/notes`)).body).toEqual(
        liamNotesBefore,
      );
      expect(await theirNotes()).not.toContain('into another company');
    });
  });

  describe('office decision', () => {
    const complete = (companyID: string, leadID: string, as = token) =>
      request<OfficeDecisionResponse>(
        'PUT',
        `/api/companies/${companyID}/leads/${leadID}/office-decision`,
        as,
        {
          status: 'COMPLETED',
          isSeenByUser: true,
        },
      );

    it('completes an open decision once, records who, and adds it to the timeline; again changes nothing', async () => {
      const ava = lead('Ava Thompson');
      expect(ava.officeDecisionState?.status).toBe('PENDING');
      const first = await complete(ava.companyID, ava._id);
      expect(first.status).toBe(200);
      expect(first.body.officeDecisionState).toMatchObject({
        status: 'COMPLETED',
        completedByUserName: office.staff.user.name,
      });
      expect(first.body.event).toMatchObject({
        eventType: 'OFFICE_DECISION',
        eventByUserName: office.staff.user.name,
      });

      const again = await complete(ava.companyID, ava._id);
      expect(again.status).toBe(200);
      expect(again.body.event).toBeNull();
      expect(again.body.officeDecisionState.completedAt).toBe(
        first.body.officeDecisionState.completedAt,
      );

      const timeline = await request<ConversationPage>(
        'GET',
        `/api/leads/${ava._id}/conversations?limit=5`,
      );
      const completions = timeline.body.items.filter(
        (event) => event.body === 'Decision marked as completed',
      );
      expect(completions).toHaveLength(1);
    });

    it("answers 403 for another company's lead or companyID, 409 without a decision", async () => {
      const theirStatuses = async () =>
        new Map(
          (
            await request<LeadPage>(
              'GET',
              `/api/properties/${harborLead.propertyID}/leads`,
              otherToken,
            )
          ).body.items.map((item) => [item._id, item.officeDecisionStatus]),
        );
      // Their own completion shows in the listing that must still show the refused one open.
      const control = theirLeadsByName.get('Harbor Also Pending')!;
      expect((await complete(control.companyID, control._id, otherToken)).status).toBe(200);
      expect((await theirStatuses()).get(control._id)).toBe('COMPLETED');

      expect((await complete(harborLead.companyID, harborLead._id)).status).toBe(403);
      const liam = lead('Liam Carter');
      expect((await complete(harborLead.companyID, liam._id)).status).toBe(403);
      expect((await complete(liam.companyID, liam._id)).status).toBe(409);
      expect((await theirStatuses()).get(harborLead._id)).toBe('PENDING');
    });

    it('rejects a status other than COMPLETED with 400', async () => {
      const isabella = lead('Isabella Garcia');
      const response = await request(
        'PUT',
        `/api/companies/${isabella.companyID}/leads/${isabella._id}/office-decision`,
        token,
        {
          status: 'PENDING',
          isSeenByUser: true,
        },
      );
      expect(response.status).toBe(400);
    });
  });
});
