import { beforeAll, describe, expect, it } from 'vitest';
import LZString from 'lz-string';
import type { Lead, LeadPage, Property } from '@leasing/contract';
import type { LeadRow } from '../../db/schema/index.js';
import {
  createConversationEvent,
  createLead,
  createOffice,
  createProperty,
} from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

const LEADS_ON_FIRST_PROPERTY = 9;
const EVENTS_OF_BUSY_LEAD = 55;

describe.each(oneDatabase())('properties and leads on $name', (target) => {
  const s = useTestApp(target, { seed: 'none' });
  let token: string;
  let otherToken: string;
  let mine: Property[];
  let theirs: Property[];
  /** A lead with more events than a lead's first page holds. */
  let busyLead: LeadRow;

  const birchCourt = () => mine.find((p) => p.name === 'Birch Court')!;
  const get = <T>(url: string, as = token, headers: Record<string, string> = {}) =>
    s.request<T>('GET', url, { as, headers });

  beforeAll(async () => {
    const office = await createOffice(s.db, {
      company: { name: 'Lakeside Rentals', registeredLeasingEmail: 'leasing@lakeside.test' },
      property: { name: 'Birch Court' },
    });
    // Created out of name order: the list is sorted by name, not by insertion.
    const elm = await createProperty(s.db, office.company.id, { name: 'Elm Terrace' });
    await createProperty(s.db, office.company.id, { name: 'Aspen Row' });
    const elsewhere = await createOffice(s.db, { property: { name: 'Harbor View' } });
    for (let i = 0; i < LEADS_ON_FIRST_PROPERTY; i += 1) await createLead(s.db, office.property);
    busyLead = await createLead(s.db, elm, { name: 'Busy Lead' });
    for (let i = 0; i < EVENTS_OF_BUSY_LEAD; i += 1)
      await createConversationEvent(s.db, busyLead, { date: new Date(Date.now() - i * 60_000) });
    await createLead(s.db, elsewhere.property);

    token = await s.signIn(office.staff.credentials);
    otherToken = await s.signIn(elsewhere.staff.credentials);
    mine = (await get<Property[]>('/api/properties')).body;
    theirs = (await get<Property[]>('/api/properties', otherToken)).body;
  });

  it("lists only the user's company's properties", () => {
    expect(mine.map((p) => p.name)).toEqual(['Aspen Row', 'Birch Court', 'Elm Terrace']);
    expect(theirs.map((p) => p.name)).toEqual(['Harbor View']);
  });

  it('pages through leads with keyset cursors, without gaps or duplicates', async () => {
    const property = birchCourt();
    expect(property.leadCount).toBe(LEADS_ON_FIRST_PROPERTY);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=4&cursor=${cursor}` : '?limit=4';
      const page = await get<LeadPage>(`/api/properties/${property._id}/leads${query}`);
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(4);
      seen.push(...page.body.items.map((lead) => lead._id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(property.leadCount);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('answers 400 for a cursor it did not issue and for a bad limit', async () => {
    const url = `/api/properties/${birchCourt()._id}/leads`;
    expect((await get(`${url}?cursor=garbage`)).status).toBe(400);
    expect((await get(`${url}?limit=0`)).status).toBe(400);
  });

  it('returns a lead by its PMS id with company fields, notes and the latest 50 events', async () => {
    const elm = mine.find((p) => p.name === 'Elm Terrace')!;
    const { status, body } = await get<Lead>(
      `/api/properties/${elm._id}/leads/${busyLead.pmsLeadId}`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      _id: busyLead.id,
      name: 'Busy Lead',
      companyName: 'Lakeside Rentals',
      companyRegisteredLeasingEmail: 'leasing@lakeside.test',
      companyStatus: 'ACTIVE',
    });
    expect(body.conversations).toHaveLength(50);
    expect(body.conversationsCursor).not.toBeNull();
    const dates = body.conversations.map((event) => Date.parse(event.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it("answers 403 for another company's property or lead and 404 for unknown ones", async () => {
    const harbor = theirs[0]!;
    const harborLeads = await get<LeadPage>(`/api/properties/${harbor._id}/leads`, otherToken);
    const theirLead = harborLeads.body.items[0]!;
    const leads = await get<{ error: { message: string } }>(`/api/properties/${harbor._id}/leads`);
    expect(leads.status).toBe(403);
    expect(leads.body.error.message).toBe('User is not permitted');
    expect((await get(`/api/properties/${harbor._id}/leads/${theirLead.pmsLeadId}`)).status).toBe(
      403,
    );
    expect((await get(`/api/properties/00000000-0000-4000-a000-000000000000/leads`)).status).toBe(
      404,
    );
    expect((await get(`/api/properties/${birchCourt()._id}/leads/NO-SUCH-LEAD`)).status).toBe(404);
  });

  it('decompresses query values sent with x-compressed-params', async () => {
    const url = `/api/properties/${birchCourt()._id}/leads`;
    const compressed = LZString.compressToEncodedURIComponent('2');
    const page = await get<LeadPage>(`${url}?limit=${compressed}`, token, {
      'x-compressed-params': 'true',
    });
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(2);
    // The same value unmarked is not a number; marked but not compressed is refused.
    expect((await get(`${url}?limit=${compressed}`)).status).toBe(400);
    const bad = await get<{ error: { message: string } }>(`${url}?limit=%25%25`, token, {
      'x-compressed-params': 'true',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('limit');
  });
});
