import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { apiPaths, type InboxItem, type InboxPage, type Property } from '@leasing/contract';
import { leads } from '../../db/schema/index.js';
import {
  bearer,
  databaseTargets,
  DEMO_LOGIN,
  login,
  OTHER_LOGIN,
  startTestApp,
  type TestApp,
} from '../../test/test-app.js';

const MARCUS_LOGIN = { email: 'marcus@leasing.test', password: DEMO_LOGIN.password };

/** The inbox order: open decisions first, then the most recent activity, then the id. */
const compareInboxOrder = (a: InboxItem, b: InboxItem) =>
  Number(b.decisionOpen) - Number(a.decisionOpen) ||
  Date.parse(b.lastActivityAt) - Date.parse(a.lastActivityAt) ||
  (a._id < b._id ? 1 : a._id > b._id ? -1 : 0);

describe.each(databaseTargets())('the inbox on $name', (target) => {
  let t: TestApp;
  let dana: string;
  let marcus: string;
  let olivia: string;
  let mine: Property[];
  let harbor: Property;

  const get = <T>(url: string, as = dana) =>
    t.app.inject({ method: 'GET', url, headers: bearer(as) }).then((response) => ({
      status: response.statusCode,
      body: response.json<T>(),
    }));

  const inbox = async (query: Record<string, string> = {}, as = dana) => {
    const search = new URLSearchParams({ limit: '200', ...query });
    const response = await get<InboxPage>(`${apiPaths.inbox}?${search}`, as);
    expect(response.status).toBe(200);
    return response.body.items;
  };
  const names = (items: InboxItem[]) => items.map((item) => item.name);
  const byName = async (name: string, as = dana) => {
    const item = (await inbox({}, as)).find((candidate) => candidate.name === name);
    if (!item) throw new Error(`no ${name} in the inbox`);
    return item;
  };
  const markRead = (leadID: string, as = dana) =>
    t.app.inject({ method: 'POST', url: apiPaths.leadRead(leadID), headers: bearer(as) });

  beforeAll(async () => {
    t = await startTestApp(target);
    dana = (await login(t.app)).token;
    marcus = (await login(t.app, MARCUS_LOGIN)).token;
    olivia = (await login(t.app, OTHER_LOGIN)).token;
    mine = (await get<Property[]>(apiPaths.properties)).body;
    harbor = (await get<Property[]>(apiPaths.properties, olivia)).body[0]!;
  });
  afterAll(() => t.close());

  it("puts open decisions first, then the most recent activity, across the company's properties", async () => {
    const items = await inbox();
    expect(items).toHaveLength(mine.reduce((sum, property) => sum + property.leadCount, 0));
    expect([...items].sort(compareInboxOrder).map((item) => item._id)).toEqual(
      items.map((item) => item._id),
    );
    // The demo's two open decisions head the list, Ava's (3 h ago) before Taylor's (30 h ago).
    expect(names(items.slice(0, 2))).toEqual(['Ava Thompson', 'Taylor Brooks']);
    expect(items.slice(2).every((item) => !item.decisionOpen)).toBe(true);
    // Then the newest activity: Nora wrote 1.5 h ago.
    expect(items[2]!.name).toBe('Nora Bennett');
    expect(names(items)).not.toContain('Wyatt Nelson');
  });

  it('describes each lead: property, last message, channels, decision, opt-outs', async () => {
    const items = await inbox();
    const ava = items.find((item) => item.name === 'Ava Thompson')!;
    expect(ava).toMatchObject({
      propertyName: 'Maple Grove Apartments',
      decisionOpen: true,
      officeDecisionStatus: 'PENDING',
      lastMessageChannel: 'SMS',
      awaitingReply: true,
      unread: true,
      channels: ['SMS', 'EMAIL'],
    });
    expect(ava.lastMessagePreview).toMatch(/^Great, thanks! Here is a photo/);
    const sofia = items.find((item) => item.name === 'Sofia Martinez')!;
    expect(sofia).toMatchObject({ lastMessageChannel: 'EMAIL', channels: ['EMAIL'] });
    const noah = items.find((item) => item.name === 'Noah Kim')!;
    expect(noah).toMatchObject({ phoneOptStatus: 'OPT_OUT', channels: ['EMAIL'] });
    const emma = items.find((item) => item.name === 'Emma Johnson')!;
    expect(emma).toMatchObject({
      emailOptStatus: 'OPT_OUT',
      channels: ['SMS'],
      awaitingReply: false,
    });
    const oliver = items.find((item) => item.name === 'Oliver Brown')!;
    expect(oliver).toMatchObject({
      lastMessageAt: null,
      lastMessagePreview: null,
      awaitingReply: false,
      unread: false,
      channels: [],
    });
  });

  it('narrows to one property, and answers 404 for a property that is not the user’s', async () => {
    const riverside = mine.find((property) => property.name === 'Riverside Lofts')!;
    const items = await inbox({ propertyId: riverside._id });
    expect(items).toHaveLength(riverside.leadCount);
    expect(items.every((item) => item.propertyID === riverside._id)).toBe(true);

    const theirs = await get(`${apiPaths.inbox}?propertyId=${harbor._id}`);
    expect(theirs.status).toBe(404);
    const unknown = await get(`${apiPaths.inbox}?propertyId=00000000-0000-4000-a000-000000000000`);
    expect(unknown.status).toBe(404);
  });

  it("never shows another company's leads", async () => {
    expect(names(await inbox({}, olivia))).toEqual(['Wyatt Nelson']);
    expect(names(await inbox({ search: 'Wyatt' }))).toEqual([]);
    expect(names(await inbox({ search: '+16195550301' }))).toEqual([]);
  });

  it('pages with keyset cursors, without gaps or repeats, across ties to the microsecond', async () => {
    // Six leads at one instant, two of them a microsecond apart from it: the id must order them.
    const tied = (await inbox()).filter((item) => !item.decisionOpen).slice(3, 11);
    const [first, second, ...rest] = tied.map((item) => item._id);
    await t.app.database.db
      .update(leads)
      .set({ lastActivityAt: sql`'2020-01-01T00:00:00.000500Z'::timestamptz` })
      .where(inArray(leads.id, rest));
    await t.app.database.db
      .update(leads)
      .set({ lastActivityAt: sql`'2020-01-01T00:00:00.000501Z'::timestamptz` })
      .where(inArray(leads.id, [first!, second!]));

    const queries: Record<string, string>[] = [
      {},
      { propertyId: mine[1]!._id },
      { filter: 'unread' },
    ];
    for (const query of queries) {
      const all = await inbox(query);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const search: URLSearchParams = new URLSearchParams({ ...query, limit: '3' });
        if (cursor) search.set('cursor', cursor);
        const page = await get<InboxPage>(`${apiPaths.inbox}?${search}`);
        expect(page.status).toBe(200);
        expect(page.body.items.length).toBeLessThanOrEqual(3);
        seen.push(...page.body.items.map((item) => item._id));
        cursor = page.body.nextCursor;
        pages += 1;
      } while (cursor);
      expect(seen).toEqual(all.map((item) => item._id));
      expect(new Set(seen).size).toBe(seen.length);
      expect(pages).toBeGreaterThan(1);
    }
  });

  it('finds a phone number however it is typed, matched in E.164', async () => {
    for (const typed of ['(555) 010-0001', '555.010.0001', '+1 555 010 0001', '5550100001']) {
      expect(names(await inbox({ search: typed })), typed).toEqual(['Nora Bennett']);
    }
    // A few digits that make no whole number are looked for inside the numbers.
    expect(names(await inbox({ search: '555-0101' }))).toEqual(['Ava Thompson']);
    expect(names(await inbox({ search: '(555) 010-0002' }))).toEqual([]);
  });

  it('finds an email by its beginning and a name by any part, in any case', async () => {
    expect(names(await inbox({ search: 'AVA.Thompson@' }))).toEqual(['Ava Thompson']);
    expect(names(await inbox({ search: 'sofia.martinez@example.com' }))).toEqual([
      'Sofia Martinez',
    ]);
    expect(names(await inbox({ search: 'thompson@example.com' }))).toEqual([]);
    expect(names(await inbox({ search: 'oMPs' }))).toEqual(['Ava Thompson']);
    expect(names(await inbox({ search: 'davis' }))).toEqual(['Mia Davis']);
    // LIKE's wildcards are letters like any other.
    expect(names(await inbox({ search: '%' }))).toEqual([]);
    expect(names(await inbox({ search: 'a_a' }))).toEqual([]);
  });

  it('filters by open decision, awaiting reply and channel, together', async () => {
    expect(names(await inbox({ filter: 'decision' }))).toEqual(['Ava Thompson', 'Taylor Brooks']);

    const awaiting = await inbox({ filter: 'awaiting' });
    expect(names(awaiting)).toEqual(expect.arrayContaining(['Ava Thompson', 'Nora Bennett']));
    expect(names(awaiting)).not.toContain('Emma Johnson'); // Dana answered her last
    expect(awaiting.every((item) => item.awaitingReply)).toBe(true);

    const sms = await inbox({ channel: 'SMS' });
    expect(sms.every((item) => item.channels.includes('SMS'))).toBe(true);
    expect(names(sms)).not.toContain('Noah Kim'); // opted out of texts
    expect(names(sms)).not.toContain('Sofia Martinez'); // no phone
    const email = await inbox({ channel: 'EMAIL' });
    expect(email.every((item) => item.channels.includes('EMAIL'))).toBe(true);
    expect(names(email)).not.toContain('Emma Johnson'); // opted out of email
    expect(names(email)).toContain('Noah Kim');

    expect(names(await inbox({ filter: 'decision,awaiting', channel: 'EMAIL' }))).toEqual([
      'Ava Thompson',
      'Taylor Brooks',
    ]);
    // Nora awaits a reply too, but has no email address.
    const awaitingByEmail = names(await inbox({ filter: 'awaiting', channel: 'EMAIL' }));
    expect(awaitingByEmail).toContain('Ava Thompson');
    expect(awaitingByEmail).not.toContain('Nora Bennett');
  });

  it('answers 400 naming the parameter for a bad filter, channel, cursor or limit', async () => {
    for (const [query, field] of [
      ['filter=urgent', 'filter'],
      ['channel=FAX', 'channel'],
      ['cursor=garbage', 'cursor'],
      ['limit=0', 'limit'],
    ] as const) {
      const response = await get<{ error: { message: string } }>(`${apiPaths.inbox}?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error.message).toContain(field);
    }
    expect((await t.app.inject({ method: 'GET', url: apiPaths.inbox })).statusCode).toBe(401);
  });

  it('keeps read marks per user: one reading a lead does not read it for another', async () => {
    const nora = await byName('Nora Bennett');
    expect(nora.unread).toBe(true);
    expect((await inbox({ filter: 'unread' })).map((item) => item._id)).toContain(nora._id);

    expect((await markRead(nora._id)).statusCode).toBe(204);
    expect((await byName('Nora Bennett')).unread).toBe(false);
    expect((await inbox({ filter: 'unread' })).map((item) => item._id)).not.toContain(nora._id);
    expect((await byName('Nora Bennett', marcus)).unread).toBe(true);

    // Reading again is harmless; a new message from the lead is unread again.
    expect((await markRead(nora._id)).statusCode).toBe(204);
    const reply = await t.app.inject({
      method: 'POST',
      url: apiPaths.sandboxInboundSms,
      headers: bearer(dana),
      payload: { leadID: nora._id, text: 'Also, is there a gym?' },
    });
    expect(reply.statusCode).toBe(200);
    const after = await byName('Nora Bennett');
    expect(after).toMatchObject({
      unread: true,
      awaitingReply: true,
      lastMessagePreview: 'Also, is there a gym?',
    });
    // The newest activity of the leads without a decision.
    expect((await inbox()).find((item) => !item.decisionOpen)?._id).toBe(nora._id);
  });

  it("refuses to mark another company's lead read (403) or an unknown one (404)", async () => {
    const wyatt = (await inbox({}, olivia))[0]!;
    expect((await markRead(wyatt._id)).statusCode).toBe(403);
    expect((await markRead('00000000-0000-4000-a000-000000000000')).statusCode).toBe(404);
    expect((await byName('Wyatt Nelson', olivia)).unread).toBe(true);
  });
});
