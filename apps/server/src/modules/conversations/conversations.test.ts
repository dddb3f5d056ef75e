import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  bearer,
  databaseTargets,
  login,
  OTHER_LOGIN,
  startTestApp,
  type TestApp,
} from '../../test/test-app.js';

describe.each(databaseTargets())('lead pane API on $name', (target) => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  const leadsByName = new Map<string, Lead>();
  let harborLead: Lead;

  const request = async <T>(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    as = token,
    payload?: unknown,
  ) => {
    const response = await t.app.inject({
      method,
      url,
      headers: bearer(as),
      payload: payload as object,
    });
    return { status: response.statusCode, body: response.json<T>() };
  };
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
    t = await startTestApp(target);
    token = (await login(t.app)).token;
    otherToken = (await login(t.app, OTHER_LOGIN)).token;
    for (const lead of await loadLeads(token)) leadsByName.set(lead.name, lead);
    harborLead = (await loadLeads(otherToken))[0]!;
  });
  afterAll(() => t.close());

  const lead = (name: string) => {
    const found = leadsByName.get(name);
    if (!found) throw new Error(`no demo lead ${name}`);
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
          await t.app.database.db.insert(conversationEvents).values({
            companyId: ethan.companyID,
            leadId: ethan._id,
            eventType: 'SMS',
            senderType: 'LEAD',
            senderName: ethan.name,
            body: `arrived during paging ${page}`,
          });
        }
      }
      expect(seen).toHaveLength(2000);
      expect(new Set(seen).size).toBe(2000);
    });

    it('keeps events that share a timestamp apart by id', async () => {
      const liam = lead('Liam Carter');
      const date = new Date('2026-01-01T12:00:00.000Z');
      await t.app.database.db.insert(conversationEvents).values(
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
      expect((await request<Note[]>('GET', `/api/leads/${liam._id}/notes`)).body).toHaveLength(0);
    });

    it("refuses another company's companyID or lead with 403 and writes nothing", async () => {
      const liam = lead('Liam Carter');
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
      expect((await request<Note[]>('GET', `/api/leads/${liam._id}/notes`)).body).toHaveLength(0);
      const theirs = await request<Note[]>('GET', `/api/leads/${harborLead._id}/notes`, otherToken);
      expect(theirs.body.map((note) => note.text)).not.toContain('into another company');
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
        completedByUserName: 'Dana Whitfield',
      });
      expect(first.body.event).toMatchObject({
        eventType: 'OFFICE_DECISION',
        eventByUserName: 'Dana Whitfield',
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
      expect((await complete(harborLead.companyID, harborLead._id)).status).toBe(403);
      const liam = lead('Liam Carter');
      expect((await complete(harborLead.companyID, liam._id)).status).toBe(403);
      expect((await complete(liam.companyID, liam._id)).status).toBe(409);
      const theirs = await request<LeadPage>(
        'GET',
        `/api/properties/${harborLead.propertyID}/leads`,
        otherToken,
      );
      expect(theirs.body.items[0]?.officeDecisionStatus).toBe('PENDING');
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
