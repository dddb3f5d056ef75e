import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { leads } from '../../db/schema/index.js';

export const findLead = async (db: Db, leadId: string) =>
  (await db.select().from(leads).where(eq(leads.id, leadId)))[0];

/** Sets (or clears) the follow-up; a new one is announced again when it comes due. */
export const setLeadFollowUp = async (db: Db, leadId: string, dueAt: Date | null) =>
  (
    await db
      .update(leads)
      .set({ followUpAt: dueAt, followUpNotifiedAt: null })
      .where(eq(leads.id, leadId))
      .returning()
  )[0];

/**
 * Claims the follow-ups due by `now` that were not announced yet, marking them announced. Rows
 * another sweep holds are skipped (`skip locked`) and the marker is set in the claiming
 * transaction, so each follow-up is claimed once however many processes sweep.
 */
export const claimDueFollowUps = (db: Db, now: Date, limit: number) =>
  db
    .update(leads)
    .set({ followUpNotifiedAt: now })
    .where(
      sql`${leads.id} in (${db
        .select({ id: leads.id })
        .from(leads)
        .where(
          and(
            isNotNull(leads.followUpAt),
            isNull(leads.followUpNotifiedAt),
            lte(leads.followUpAt, now),
          ),
        )
        .limit(limit)
        .for('no key update', { skipLocked: true })})`,
    )
    .returning({
      id: leads.id,
      companyId: leads.companyId,
      followUpAt: leads.followUpAt,
      ownerUserId: leads.ownerUserId,
    });
