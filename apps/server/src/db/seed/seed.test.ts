import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { eventTypes } from '@leasing/contract';
import { openDatabase, type Database } from '../client.js';
import { applyMigrations } from '../migrate.js';
import {
  companies,
  consentChanges,
  conversationEvents,
  leads,
  notes,
  phoneNumbers,
  users,
} from '../schema/index.js';
import { DEMO_COMPANY_ID, HARBOR_POINT_NUMBER, OTHER_COMPANY_ID } from './demo-data.js';
import { seedDemo } from './seed.js';

describe('demo seed', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: undefined });
    await applyMigrations(database);
    expect(await seedDemo(database.db)).toBe('seeded');
  });
  afterAll(() => database.close());

  it('is idempotent: a second run changes nothing', async () => {
    const before = await database.db.select({ n: count() }).from(conversationEvents);
    expect(await seedDemo(database.db)).toBe('not-empty');
    const after = await database.db.select({ n: count() }).from(conversationEvents);
    expect(after).toEqual(before);
  });

  it('has one staff user of each role in the demo company, and the numbers each company texts from', async () => {
    const staff = await database.db
      .select({ email: users.email, role: users.role, companyId: users.companyId })
      .from(users);
    expect(
      new Set(staff.filter((u) => u.companyId === DEMO_COMPANY_ID).map((u) => u.role)),
    ).toEqual(new Set(['admin', 'manager', 'agent']));
    const numbers = await database.db.select().from(phoneNumbers);
    expect(numbers.map((n) => [n.e164, n.companyId])).toEqual(
      expect.arrayContaining([
        ['+15125550190', DEMO_COMPANY_ID],
        [HARBOR_POINT_NUMBER, OTHER_COMPANY_ID],
      ]),
    );
  });

  it('has a moderator company without a leasing email beside the demo company', async () => {
    const rows = await database.db.select().from(companies);
    expect(rows.map((c) => [c.name, c.status, c.registeredLeasingEmail !== null])).toEqual(
      expect.arrayContaining([
        ['Demo Leasing', 'ACTIVE', true],
        ['Harbor Point Residential', 'MODERATOR', false],
      ]),
    );
  });

  it('covers every contact and opt-out case, a decision, a tour and a 2,000-event lead', async () => {
    const all = await database.db.select().from(leads);
    expect(all.length).toBeGreaterThanOrEqual(25);
    const some = (predicate: (lead: (typeof all)[number]) => boolean) => all.some(predicate);
    expect(some((l) => !!l.phone && !l.email)).toBe(true);
    expect(some((l) => !l.phone && !!l.email)).toBe(true);
    expect(some((l) => !!l.phone && !!l.email)).toBe(true);
    expect(some((l) => !l.phone && !l.email)).toBe(true);
    expect(some((l) => l.phoneOptStatus === 'OPT_OUT')).toBe(true);
    expect(some((l) => l.emailOptStatus === 'OPT_OUT')).toBe(true);
    expect(some((l) => l.officeDecisionStatus === 'PENDING')).toBe(true);
    expect(some((l) => l.tourDateUtc !== null && l.tourDateUtc > new Date())).toBe(true);
    expect(all.every((l) => l.phone === null || /^\+[1-9]\d{7,14}$/.test(l.phone))).toBe(true);

    const perLead = await database.db
      .select({ leadId: conversationEvents.leadId, n: count() })
      .from(conversationEvents)
      .groupBy(conversationEvents.leadId);
    expect(perLead.map((row) => row.n)).toEqual(expect.arrayContaining([2000, 10_000]));
  });

  it('has every event type, a call transcript, a translation, image attachments and notes by several users', async () => {
    const events = await database.db.select().from(conversationEvents);
    expect(new Set(events.map((e) => e.eventType))).toEqual(new Set(eventTypes));
    expect(events.some((e) => e.eventType === 'CALL' && (e.data.transcript?.length ?? 0) > 0)).toBe(
      true,
    );
    expect(events.some((e) => e.data.translation?.body?.textInEnglish)).toBe(true);
    expect(events.some((e) => e.eventType === 'SMS' && e.attachments.length > 0)).toBe(true);
    const authors = await database.db.selectDistinct({ name: notes.createdByUserName }).from(notes);
    expect(authors.length).toBeGreaterThanOrEqual(3);
  });

  it('has one lead with an event of every type, to see them all in one place', async () => {
    const [taylor] = await database.db.select().from(leads).where(eq(leads.name, 'Taylor Brooks'));
    const events = await database.db
      .select()
      .from(conversationEvents)
      .where(eq(conversationEvents.leadId, taylor!.id));
    expect(new Set(events.map((e) => e.eventType))).toEqual(new Set(eventTypes));
  });

  it("has a lead whose last non-decision event is the lead's email", async () => {
    const candidates = await database.db.select({ id: leads.id }).from(leads);
    let found = false;
    for (const { id } of candidates) {
      const events = await database.db
        .select()
        .from(conversationEvents)
        .where(eq(conversationEvents.leadId, id));
      const last = events
        .filter((e) => e.eventType !== 'OFFICE_DECISION')
        .sort((a, b) => b.date.getTime() - a.date.getTime())[0];
      if (last?.eventType === 'EMAIL' && last.senderType === 'LEAD') found = true;
    }
    expect(found).toBe(true);
  });

  it("keeps the consent records its timelines show: Noah's STOP, Marcus's email opt-in", async () => {
    const records = await database.db
      .select({
        name: leads.name,
        channel: consentChanges.channel,
        status: consentChanges.status,
        source: consentChanges.source,
        message: consentChanges.message,
      })
      .from(consentChanges)
      .innerJoin(leads, eq(leads.id, consentChanges.leadId));
    expect(records).toContainEqual({
      name: 'Noah Kim',
      channel: 'SMS',
      status: 'OPT_OUT',
      source: 'sms_keyword',
      message: 'STOP',
    });
    expect(records.filter((record) => record.source === 'staff')).toHaveLength(1);
  });
});

describe('demo seed in a database that is not empty', () => {
  it('adds no demo accounts beside a real company', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
    try {
      await applyMigrations(database);
      // The describe above is the control: an empty database is seeded.
      await database.db.insert(companies).values({ name: 'Real Property Management' });
      expect(await seedDemo(database.db)).toBe('not-empty');
      const demoUsers = await database.db
        .select()
        .from(users)
        .where(eq(users.email, 'demo@leasing.test'));
      expect(demoUsers).toEqual([]);
      expect(await database.db.select().from(companies)).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
