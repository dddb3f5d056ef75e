import { eq } from 'drizzle-orm';
import type { QuietHoursPolicy } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';

/*
 * The company rows' writes. `companies` is written by this module only: the settings of other
 * modules (office hours, quiet hours) and the admin CLI call these, in their own transaction.
 */

/** A new company of this name (the first admin's, from the CLI). */
export const insertCompany = async (db: Db, name: string) =>
  (await db.insert(companies).values({ name }).returning())[0]!;

/** Settings → Office hours: the company's first-reply target. */
export const setFirstReplyTarget = async (db: Db, companyId: string, minutes: number) => {
  await db
    .update(companies)
    .set({ firstReplyTargetMinutes: minutes })
    .where(eq(companies.id, companyId));
};

/** Settings → Quiet hours: the company's policy. */
export const setQuietHoursPolicy = async (db: Db, companyId: string, policy: QuietHoursPolicy) => {
  await db
    .update(companies)
    .set({
      quietHoursStart: policy.start,
      quietHoursEnd: policy.end,
      quietHoursStateRules: policy.stateRules,
      quietHoursAllowSendNow: policy.allowSendNow,
      updatedAt: new Date(),
    })
    .where(eq(companies.id, companyId));
};

/** The company's settings row (its time zone, first-reply target, quiet hours). */
export const findCompanyById = async (db: Db, companyId: string) =>
  (await db.select().from(companies).where(eq(companies.id, companyId)))[0];
