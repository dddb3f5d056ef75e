import { and, asc, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import type { CompanyCallSettings, VoiceSettings } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import {
  calls,
  companyCallSettings,
  voiceSettings,
  type CallRow,
  type NewCallRow,
} from '../../db/schema/index.js';

/** The property's own voice settings, if an admin saved any. */
export const findVoiceSettings = async (
  db: Db,
  propertyId: string,
): Promise<VoiceSettings | undefined> =>
  (
    await db
      .select({ settings: voiceSettings.settings })
      .from(voiceSettings)
      .where(eq(voiceSettings.propertyId, propertyId))
  )[0]?.settings;

export const saveVoiceSettings = async (
  db: Db,
  values: { propertyId: string; companyId: string; settings: VoiceSettings },
) => {
  await db
    .insert(voiceSettings)
    .values(values)
    .onConflictDoUpdate({ target: voiceSettings.propertyId, set: { settings: values.settings } });
};

export const insertCall = async (db: Db, values: NewCallRow): Promise<CallRow> => {
  const [row] = await db.insert(calls).values(values).returning();
  if (!row) throw new Error('call not inserted');
  return row;
};

export const findCallBySid = async (db: Db, callSid: string): Promise<CallRow | undefined> =>
  (await db.select().from(calls).where(eq(calls.callSid, callSid)))[0];

export const findCallById = async (db: Db, id: string): Promise<CallRow | undefined> =>
  (await db.select().from(calls).where(eq(calls.id, id)))[0];

/**
 * The call, locked until the transaction ends: Twilio's callbacks of one call, however many and
 * concurrent, are applied one after another, each seeing what the one before wrote.
 */
export const lockCall = async (
  db: Db,
  by: { callSid: string } | { id: string },
): Promise<CallRow | undefined> =>
  (
    await db
      .select()
      .from(calls)
      .where('callSid' in by ? eq(calls.callSid, by.callSid) : eq(calls.id, by.id))
      .for('update')
  )[0];

export const updateCall = async (
  db: Db,
  id: string,
  changes: Partial<Omit<NewCallRow, 'id'>>,
): Promise<CallRow> => {
  const [row] = await db.update(calls).set(changes).where(eq(calls.id, id)).returning();
  if (!row) throw new Error('call not updated');
  return row;
};

/**
 * The CallSid Twilio gave an outbound call, kept once: by Twilio's answer to the request or by its
 * first callback, whichever comes first.
 */
export const attachCallSid = async (db: Db, id: string, callSid: string) => {
  await db
    .update(calls)
    .set({ callSid })
    .where(and(eq(calls.id, id), isNull(calls.callSid)));
};

/** The company's call recording settings, if an admin saved any. */
export const findCompanyCallSettings = async (db: Db, companyId: string) =>
  (
    await db
      .select({ settings: companyCallSettings.settings })
      .from(companyCallSettings)
      .where(eq(companyCallSettings.companyId, companyId))
  )[0]?.settings;

export const saveCompanyCallSettings = async (
  db: Db,
  companyId: string,
  settings: CompanyCallSettings,
) => {
  await db
    .insert(companyCallSettings)
    .values({ companyId, settings })
    .onConflictDoUpdate({
      target: companyCallSettings.companyId,
      set: { settings, updatedAt: new Date() },
    });
};

/** The companies whose calls still hold recordings. */
export const companiesWithRecordings = async (db: Db) =>
  db
    .selectDistinct({ companyId: calls.companyId })
    .from(calls)
    .where(isNotNull(calls.recordingSid));

/** A company's calls started before `before` that still hold a recording, oldest first. */
export const callsWithRecordingsBefore = async (
  db: Db,
  companyId: string,
  before: Date,
  limit: number,
): Promise<CallRow[]> =>
  db
    .select()
    .from(calls)
    .where(
      and(
        eq(calls.companyId, companyId),
        isNotNull(calls.recordingSid),
        lt(calls.startedAt, before),
      ),
    )
    .orderBy(asc(calls.startedAt), asc(calls.id))
    .limit(limit);
