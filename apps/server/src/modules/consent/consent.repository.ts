import { and, desc, eq } from 'drizzle-orm';
import type { ConsentChannel } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import {
  consentChanges,
  conversationEvents,
  leads,
  type NewConsentChangeRow,
  type NewConversationEventRow,
} from '../../db/schema/index.js';

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

export const setEmailOptOut = async (db: Db, leadId: string) =>
  (
    await db
      .update(leads)
      .set({ emailOptStatus: 'OPT_OUT' })
      .where(eq(leads.id, leadId))
      .returning()
  )[0]!;

export const insertConsentEvent = async (
  db: Db,
  values: Omit<NewConversationEventRow, 'eventType'>,
) =>
  (
    await db
      .insert(conversationEvents)
      .values({ ...values, eventType: 'CONSENT_CHANGE' })
      .returning()
  )[0]!;
