import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import LZString from 'lz-string';
import type { Lead, LeadPage, Property } from '@leasing/contract';
import {
  bearer,
  databaseTargets,
  login,
  OTHER_LOGIN,
  startTestApp,
  type TestApp,
} from '../../test/test-app.js';

describe.each(databaseTargets())('properties and leads on $name', (target) => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let mine: Property[];
  let theirs: Property[];

  const get = <T>(url: string, as = token, headers: Record<string, string> = {}) =>
    t.app
      .inject({ method: 'GET', url, headers: { ...bearer(as), ...headers } })
      .then((response) => ({
        status: response.statusCode,
        body: response.json<T>(),
      }));

  beforeAll(async () => {
    t = await startTestApp(target);
    token = (await login(t.app)).token;
    otherToken = (await login(t.app, OTHER_LOGIN)).token;
    mine = (await get<Property[]>('/api/properties')).body;
    theirs = (await get<Property[]>('/api/properties', otherToken)).body;
  });
  afterAll(() => t.close());

  it("lists only the user's company's properties", () => {
    expect(mine.map((p) => p.name)).toEqual([
      'Maple Grove Apartments',
      'Riverside Lofts',
      'The Summit at Oak Hill',
    ]);
    expect(theirs.map((p) => p.name)).toEqual(['Harbor Point Tower']);
  });

  it('pages through leads with keyset cursors, without gaps or duplicates', async () => {
    const property = mine[0]!;
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
    const url = `/api/properties/${mine[0]!._id}/leads`;
    expect((await get(`${url}?cursor=garbage`)).status).toBe(400);
    expect((await get(`${url}?limit=0`)).status).toBe(400);
  });

  it('returns a lead by its PMS id with company fields, notes and the latest 50 events', async () => {
    const summit = mine.find((p) => p.name === 'The Summit at Oak Hill')!;
    const leads = await get<LeadPage>(`/api/properties/${summit._id}/leads?limit=50`);
    const ethan = leads.body.items.find((lead) => lead.name === 'Ethan Wilson')!;
    const { status, body } = await get<Lead>(
      `/api/properties/${summit._id}/leads/${ethan.pmsLeadId}`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      _id: ethan._id,
      companyName: 'Demo Leasing',
      companyRegisteredLeasingEmail: 'leasing@demo-leasing.test',
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
    expect((await get(`/api/properties/${mine[0]!._id}/leads/NO-SUCH-LEAD`)).status).toBe(404);
  });

  it('decompresses query values sent with x-compressed-params', async () => {
    const url = `/api/properties/${mine[0]!._id}/leads`;
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
