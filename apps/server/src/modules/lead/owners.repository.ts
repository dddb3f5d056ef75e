import { and, asc, eq, gt, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  assignmentAgents,
  assignmentRules,
  leads,
  properties,
  refreshTokens,
  users,
  type LeadRow,
} from '../../db/schema/index.js';

/** The company's active people, by name. */
export const listActiveStaff = (db: Db, companyId: string) =>
  db
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(and(eq(users.companyId, companyId), isNull(users.deactivatedAt)))
    .orderBy(asc(users.name), asc(users.id));

export const findActiveStaffMember = async (db: Db, companyId: string, userId: string) =>
  (
    await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.companyId, companyId), isNull(users.deactivatedAt)))
  )[0];

export const findActiveStaffByEmail = async (db: Db, companyId: string, email: string) =>
  (
    await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(
        and(
          sql`lower(${users.email}) = lower(${email})`,
          eq(users.companyId, companyId),
          isNull(users.deactivatedAt),
        ),
      )
  )[0];

/** Locks the leads (in id order, so two bulk requests cannot deadlock) and answers them. */
export const lockCompanyLeads = (db: Db, companyId: string, leadIds: string[]) =>
  db
    .select()
    .from(leads)
    .where(and(eq(leads.companyId, companyId), inArray(leads.id, leadIds)))
    .orderBy(asc(leads.id))
    .for('no key update');

export const setLeadOwner = async (
  db: Db,
  leadId: string,
  owner: Pick<LeadRow, 'ownerKind' | 'ownerUserId' | 'ownerName'>,
) => (await db.update(leads).set(owner).where(eq(leads.id, leadId)).returning())[0]!;

/** Every property of the company with its rule (if one was ever saved) and its chosen people. */
export const listAssignmentRules = async (db: Db, companyId: string) => {
  const rows = await db
    .select({
      propertyId: properties.id,
      propertyName: properties.name,
      roundRobin: assignmentRules.roundRobin,
    })
    .from(properties)
    .leftJoin(assignmentRules, eq(assignmentRules.propertyId, properties.id))
    .where(eq(properties.companyId, companyId))
    .orderBy(asc(properties.name), asc(properties.id));
  const agents = await db
    .select({ propertyId: assignmentAgents.propertyId, userId: assignmentAgents.userId })
    .from(assignmentAgents)
    .innerJoin(assignmentRules, eq(assignmentRules.propertyId, assignmentAgents.propertyId))
    .where(eq(assignmentRules.companyId, companyId))
    .orderBy(asc(assignmentAgents.userId));
  return rows.map((row) => ({
    propertyId: row.propertyId,
    propertyName: row.propertyName,
    roundRobin: row.roundRobin ?? false,
    agentIds: agents.filter((agent) => agent.propertyId === row.propertyId).map((a) => a.userId),
  }));
};

export const saveAssignmentRule = async (
  db: Db,
  rule: { companyId: string; propertyId: string; roundRobin: boolean; agentIds: string[] },
) => {
  await db
    .insert(assignmentRules)
    .values({ propertyId: rule.propertyId, companyId: rule.companyId, roundRobin: rule.roundRobin })
    .onConflictDoUpdate({
      target: assignmentRules.propertyId,
      set: { roundRobin: rule.roundRobin, updatedAt: sql`now()` },
    });
  const kept = rule.agentIds;
  await db
    .delete(assignmentAgents)
    .where(
      and(
        eq(assignmentAgents.propertyId, rule.propertyId),
        kept.length ? notInArray(assignmentAgents.userId, kept) : undefined,
      ),
    );
  if (kept.length) {
    await db
      .insert(assignmentAgents)
      .values(kept.map((userId) => ({ propertyId: rule.propertyId, userId })))
      .onConflictDoNothing();
  }
};

/**
 * The next person of the property's round robin: among its chosen, active people who are signed
 * in now (a live, unrevoked refresh token), the one whose last automatic lead is oldest (never
 * first). Locks the rule so two new leads at once go to two people. Undefined when the rule is
 * off or nobody is signed in.
 */
export const takeNextRoundRobinAgent = async (db: Db, propertyId: string, now: Date) => {
  const [rule] = await db
    .select()
    .from(assignmentRules)
    .where(eq(assignmentRules.propertyId, propertyId))
    .for('update');
  if (!rule?.roundRobin) return undefined;
  const signedIn = db
    .select({ userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(
      and(
        isNull(refreshTokens.revokedAt),
        isNull(refreshTokens.rotatedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    );
  const [next] = await db
    .select({ id: users.id, name: users.name })
    .from(assignmentAgents)
    .innerJoin(users, eq(users.id, assignmentAgents.userId))
    .where(
      and(
        eq(assignmentAgents.propertyId, propertyId),
        eq(users.companyId, rule.companyId),
        isNull(users.deactivatedAt),
        inArray(users.id, signedIn),
      ),
    )
    .orderBy(sql`${assignmentAgents.lastAssignedAt} asc nulls first`, asc(users.id))
    .limit(1);
  if (!next) return undefined;
  await db
    .update(assignmentAgents)
    .set({ lastAssignedAt: now })
    .where(and(eq(assignmentAgents.propertyId, propertyId), eq(assignmentAgents.userId, next.id)));
  return next;
};
