import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  companies,
  consentChanges,
  conversationEvents,
  leads,
  messageTemplates,
  notes,
  phoneNumbers,
  properties,
  unmatchedMessages,
  users,
  type NewConversationEventRow,
} from '../schema/index.js';
import { hashPassword } from '../../lib/password.js';
import { buildDemoData, DEMO_COMPANY_ID } from './demo-data.js';
import { insertGeneratedHistory } from './generated-history.js';

export const DEMO_PASSWORD = 'leasing-demo';
export const DEMO_CREDENTIALS = [
  { email: 'demo@leasing.test', password: DEMO_PASSWORD, company: 'Demo Leasing', role: 'admin' },
  {
    email: 'marcus@leasing.test',
    password: DEMO_PASSWORD,
    company: 'Demo Leasing',
    role: 'manager',
  },
  { email: 'priya@leasing.test', password: DEMO_PASSWORD, company: 'Demo Leasing', role: 'agent' },
  {
    email: 'other@leasing.test',
    password: DEMO_PASSWORD,
    company: 'Harbor Point Residential',
    role: 'admin',
  },
] as const;

const INSERT_BATCH = 500;

/**
 * Seeds the demo into an empty database only: one that has any company — the demo's or a real
 * one — is left as it is, so demo accounts with a published password never join real data.
 */
export const seedDemo = async (db: Db, now = new Date()): Promise<'seeded' | 'not-empty'> => {
  const existing = await db.select({ id: companies.id }).from(companies).limit(1);
  if (existing.length > 0) return 'not-empty';

  const data = buildDemoData(now);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.insert(companies).values(data.companies);
    await tx.insert(phoneNumbers).values(data.phoneNumbers);
    await tx.insert(users).values(data.users.map((user) => ({ ...user, passwordHash })));
    await tx.insert(properties).values(data.properties);
    await tx.insert(leads).values(data.leads);
    for (let start = 0; start < data.events.length; start += INSERT_BATCH) {
      const batch: NewConversationEventRow[] = data.events.slice(start, start + INSERT_BATCH);
      await tx.insert(conversationEvents).values(batch);
    }
    await tx.insert(consentChanges).values(data.consents);
    for (const history of data.histories) await insertGeneratedHistory(tx, history);
    await tx.insert(notes).values(data.notes);
    await tx.insert(messageTemplates).values(data.templates);
    await tx.insert(unmatchedMessages).values(data.unmatched);
  });
  // Fresh statistics after a bulk load, so the planner walks the (lead_id, date, id) index for a
  // lead's latest events instead of sorting its whole history (autovacuum would, only later).
  await db.execute(sql`analyze`);
  return 'seeded';
};

/** Whether the demo company is in the database (start-up then prints its sign-ins). */
export const hasDemoCompany = async (db: Db) =>
  (await db.select({ id: companies.id }).from(companies).where(eq(companies.id, DEMO_COMPANY_ID)))
    .length > 0;
