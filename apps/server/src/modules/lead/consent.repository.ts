import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { ConsentChannel } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { consentChanges, leads, optOuts, type NewConsentChangeRow } from '../../db/schema/index.js';

export const insertConsentChange = async (db: Db, values: NewConsentChangeRow) =>
  (await db.insert(consentChanges).values(values).returning())[0]!;

export const latestConsentChange = async (db: Db, leadId: string, channel: ConsentChannel) =>
  (
    await db
      .select()
      .from(consentChanges)
      .where(and(eq(consentChanges.leadId, leadId), eq(consentChanges.channel, channel)))
      .orderBy(desc(consentChanges.occurredAt), desc(consentChanges.createdAt))
      .limit(1)
  )[0];

export const lockLeadRow = async (db: Db, leadId: string) =>
  (await db.select().from(leads).where(eq(leads.id, leadId)).for('no key update'))[0];

/** The lead's phone is opted out unless it is already: answers the lead when it changed. */
export const optOutPhoneUnlessOptedOut = async (db: Db, leadId: string) =>
  (
    await db
      .update(leads)
      .set({ phoneOptStatus: 'OPT_OUT' })
      .where(and(eq(leads.id, leadId), ne(leads.phoneOptStatus, 'OPT_OUT')))
      .returning()
  )[0];

export const setEmailOptOut = async (db: Db, leadId: string) =>
  (
    await db
      .update(leads)
      .set({ emailOptStatus: 'OPT_OUT' })
      .where(eq(leads.id, leadId))
      .returning()
  )[0]!;

export type RegisterKey = { companyId: string; channel: ConsentChannel; address: string };

const registerMatch = ({ companyId, channel, address }: RegisterKey) =>
  and(eq(optOuts.companyId, companyId), eq(optOuts.channel, channel), eq(optOuts.address, address));

/** Puts the address on the register (a second opt-out keeps the first's date and lead). */
export const insertOptOut = async (
  db: Db,
  key: RegisterKey,
  values: Pick<typeof optOuts.$inferInsert, 'leadId' | 'source' | 'occurredAt'>,
) => {
  await db
    .insert(optOuts)
    .values({ ...key, ...values })
    .onConflictDoNothing();
};

export const deleteOptOut = async (db: Db, key: RegisterKey) => {
  await db.delete(optOuts).where(registerMatch(key));
};

export const findOptOut = async (db: Db, key: RegisterKey) =>
  (await db.select({ id: optOuts.id }).from(optOuts).where(registerMatch(key)).limit(1))[0];

/** The lead's addresses as they are now in the caller's transaction. */
export const leadAddresses = async (db: Db, leadId: string) =>
  (
    await db
      .select({ companyId: leads.companyId, phone: leads.phone, email: leads.email })
      .from(leads)
      .where(eq(leads.id, leadId))
  )[0];

/**
 * The company's other leads with this address (every one with `leadId` null) whose status is not
 * yet `status`: they follow the address's opt-out or opt-in (phones are stored E.164; emails are compared in lower case).
 */
export const setSiblingStatus = async (
  db: Db,
  key: RegisterKey,
  leadId: string | null,
  status: 'OPT_OUT' | 'OPT_IN',
) => {
  const [column, address] =
    key.channel === 'SMS'
      ? [leads.phoneOptStatus, eq(leads.phone, key.address)]
      : [leads.emailOptStatus, sql`lower(trim(${leads.email})) = ${key.address}`];
  const set = key.channel === 'SMS' ? { phoneOptStatus: status } : { emailOptStatus: status };
  return db
    .update(leads)
    .set(set)
    .where(
      and(
        eq(leads.companyId, key.companyId),
        leadId === null ? undefined : ne(leads.id, leadId),
        address,
        // An opt-in brings back the leads the address's opt-out had stopped, and no others.
        status === 'OPT_IN' ? eq(column, 'OPT_OUT') : ne(column, 'OPT_OUT'),
      ),
    )
    .returning({ id: leads.id, companyId: leads.companyId });
};
