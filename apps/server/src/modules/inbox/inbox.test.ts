import { beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { apiPaths, type InboxItem, type InboxPage, type Property } from '@leasing/contract';
import { leads, type PropertyRow } from '../../db/schema/index.js';
import {
  createConversationEvent,
  createLead,
  createOffice,
  createProperty,
  createUser,
  type CreateLeadOptions,
} from '../../test/factories.js';
import { everyDatabase } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

const HOUR = 3_600_000;

/** The inbox order: open decisions first, then the most recent activity, then the id. */
const compareInboxOrder = (a: InboxItem, b: InboxItem) =>
  Number(b.decisionOpen) - Number(a.decisionOpen) ||
  Date.parse(b.lastActivityAt) - Date.parse(a.lastActivityAt) ||
  (a._id < b._id ? 1 : a._id > b._id ? -1 : 0);

type Message = { hoursAgo: number; from: 'LEAD' | 'USER'; channel: 'SMS' | 'EMAIL'; body?: string };

describe.each(everyDatabase())('the inbox on $name', (target) => {
  const s = useTestApp(target, { seed: 'none' });
  let dana: string;
  let marcus: string;
  let olivia: string;
  let mine: Property[];
  let harbor: Property;

  const get = <T>(url: string, as = dana) => s.request<T>('GET', url, { as });

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
    s.request('POST', apiPaths.leadRead(leadID), { as });

  /** A lead last active long ago unless its messages say otherwise. */
  const leadWith = async (
    property: PropertyRow,
    name: string,
    options: CreateLeadOptions,
    messages: Message[] = [],
  ) => {
    const lead = await createLead(s.db, property, {
      name,
      lastActivityAt: new Date(Date.now() - 500 * HOUR),
      ...options,
    });
    for (const message of messages)
      await createConversationEvent(s.db, lead, {
        eventType: message.channel,
        senderType: message.from,
        senderName: message.from === 'LEAD' ? name : 'Dana Whitfield',
        date: new Date(Date.now() - message.hoursAgo * HOUR),
        ...(message.body ? { body: message.body } : {}),
      });
    return lead;
  };
  const fromLead = (hoursAgo: number, channel: 'SMS' | 'EMAIL' = 'SMS', body?: string) => ({
    hoursAgo,
    from: 'LEAD' as const,
    channel,
    body,
  });

  beforeAll(async () => {
    const office = await createOffice(s.db, {
      staff: { name: 'Dana Whitfield' },
      property: { name: 'Maple Grove Apartments' },
    });
    const maple = office.property;
    const riverside = await createProperty(s.db, office.company.id, { name: 'Riverside Lofts' });
    const summit = await createProperty(s.db, office.company.id, {
      name: 'The Summit at Oak Hill',
    });
    await leadWith(
      maple,
      'Ava Thompson',
      {
        phone: '+15125550101',
        email: 'ava.thompson@example.com',
        officeDecisionStatus: 'PENDING',
      },
      [fromLead(3, 'SMS', 'Great, thanks! Here is a photo of my pay stub.')],
    );
    await leadWith(
      summit,
      'Taylor Brooks',
      {
        phone: '+15550100102',
        email: 'taylor.brooks@example.com',
        officeDecisionStatus: 'PENDING',
      },
      [fromLead(30, 'EMAIL')],
    );
    await leadWith(riverside, 'Nora Bennett', { phone: '+15550100001', email: null }, [
      fromLead(1.5),
    ]);
    await leadWith(maple, 'Sofia Martinez', { phone: null, email: 'sofia.martinez@example.com' }, [
      fromLead(5, 'EMAIL'),
    ]);
    await leadWith(
      riverside,
      'Noah Kim',
      { phone: '+15550100103', email: 'noah.kim@example.com', phoneOptStatus: 'OPT_OUT' },
      [fromLead(10)],
    );
    await leadWith(
      maple,
      'Emma Johnson',
      { phone: '+15550100104', email: 'emma.johnson@example.com', emailOptStatus: 'OPT_OUT' },
      [fromLead(6), { hoursAgo: 4, from: 'USER', channel: 'SMS' }],
    );
    await leadWith(summit, 'Oliver Brown', { phone: null, email: null });
    await leadWith(riverside, 'Mia Davis', { phone: '+15550100105', email: 'mia.d@example.com' }, [
      fromLead(12),
    ]);
    // Enough unread leads on every property for several pages of three.
    for (let i = 0; i < 9; i += 1) {
      const property = [maple, riverside, summit][i % 3]!;
      await leadWith(
        property,
        `Prospect ${i + 1}`,
        { phone: `+1555020010${i}`, email: `prospect${i + 1}@example.com` },
        [fromLead(40 + i)],
      );
    }

    const elsewhere = await createOffice(s.db, { property: { name: 'Harbor Point Tower' } });
    await leadWith(elsewhere.property, 'Wyatt Nelson', { phone: '+16195550301' }, [fromLead(2)]);

    dana = await s.signIn(office.staff.credentials);
    marcus = await s.signIn((await createUser(s.db, office.company.id)).credentials);
    olivia = await s.signIn(elsewhere.staff.credentials);
    mine = (await get<Property[]>(apiPaths.properties)).body;
    harbor = (await get<Property[]>(apiPaths.properties, olivia)).body[0]!;
  });

  it("puts open decisions first, then the most recent activity, across the company's properties", async () => {
    const items = await inbox();
    expect(items).toHaveLength(mine.reduce((sum, property) => sum + property.leadCount, 0));
    expect([...items].sort(compareInboxOrder).map((item) => item._id)).toEqual(
      items.map((item) => item._id),
    );
    // The two open decisions head the list, Ava's (3 h ago) before Taylor's (30 h ago).
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
    // The same searches find him for his own company.
    expect(names(await inbox({ search: 'Wyatt' }, olivia))).toEqual(['Wyatt Nelson']);
    expect(names(await inbox({ search: '+16195550301' }, olivia))).toEqual(['Wyatt Nelson']);
    expect(names(await inbox({ search: 'Wyatt' }))).toEqual([]);
    expect(names(await inbox({ search: '+16195550301' }))).toEqual([]);
  });

  it('pages with keyset cursors, without gaps or repeats, across ties to the microsecond', async () => {
    // Six leads at one instant, two of them a microsecond apart from it: the id must order them.
    const tied = (await inbox()).filter((item) => !item.decisionOpen).slice(3, 11);
    const [first, second, ...rest] = tied.map((item) => item._id);
    await s.db
      .update(leads)
      .set({ lastActivityAt: sql`'2020-01-01T00:00:00.000500Z'::timestamptz` })
      .where(inArray(leads.id, rest));
    await s.db
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
    expect(names(sms)).toContain('Nora Bennett');
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
    expect((await s.request('GET', apiPaths.inbox)).status).toBe(401);
  });

  it('keeps read marks per user: one reading a lead does not read it for another', async () => {
    const nora = await byName('Nora Bennett');
    expect(nora.unread).toBe(true);
    expect((await inbox({ filter: 'unread' })).map((item) => item._id)).toContain(nora._id);

    expect((await markRead(nora._id)).status).toBe(204);
    expect((await byName('Nora Bennett')).unread).toBe(false);
    expect((await inbox({ filter: 'unread' })).map((item) => item._id)).not.toContain(nora._id);
    expect((await byName('Nora Bennett', marcus)).unread).toBe(true);

    // Reading again is harmless; a new message from the lead is unread again.
    expect((await markRead(nora._id)).status).toBe(204);
    const reply = await s.request('POST', apiPaths.sandboxInboundSms, {
      as: dana,
      payload: { leadID: nora._id, text: 'Also, is there a gym?' },
    });
    expect(reply.status).toBe(200);
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
    expect((await markRead(wyatt._id)).status).toBe(403);
    expect((await markRead('00000000-0000-4000-a000-000000000000')).status).toBe(404);
    expect((await byName('Wyatt Nelson', olivia)).unread).toBe(true);
  });
});
