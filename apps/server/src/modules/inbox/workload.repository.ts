import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { leads, users } from '../../db/schema/index.js';
import { followUpDue, needsReply } from './today.repository.js';

export type WorkloadScope = { companyId: string; propertyId?: string; now: Date };

/**
 * The open leads (neither leased nor lost) of the company or of one of its properties, counted per
 * owner: one row per person holding any, one for the assistant's, one for nobody's.
 */
export const countOpenLeadsByOwner = (db: Db, scope: WorkloadScope) =>
  db
    .select({
      ownerKind: leads.ownerKind,
      ownerUserId: leads.ownerUserId,
      openLeads: sql<number>`count(*)::int`,
      needsReply: sql<number>`count(*) filter (where ${needsReply(scope.now)})::int`,
      oldestWaitingSince:
        sql<Date | null>`min(${leads.awaitingSince}) filter (where ${needsReply(scope.now)})`.mapWith(
          leads.awaitingSince,
        ),
      followUpsDue: sql<number>`count(*) filter (where ${followUpDue(scope.now)})::int`,
      openDecisions: sql<number>`count(*) filter (where ${leads.decisionOpen})::int`,
    })
    .from(leads)
    .where(
      and(
        scope.propertyId
          ? eq(leads.propertyId, scope.propertyId)
          : eq(leads.companyId, scope.companyId),
        notInArray(leads.status, ['LEASED', 'LOST']),
      ),
    )
    .groupBy(leads.ownerKind, leads.ownerUserId);

export type OwnerCounts = Awaited<ReturnType<typeof countOpenLeadsByOwner>>[number];

/** The company's active people, and the deactivated ones among `holderIds` (they may still hold leads). */
export const listWorkloadPeople = (db: Db, companyId: string, holderIds: string[]) =>
  db
    .select({
      id: users.id,
      name: users.name,
      role: users.role,
      deactivatedAt: users.deactivatedAt,
    })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        holderIds.length > 0
          ? or(isNull(users.deactivatedAt), inArray(users.id, holderIds))
          : isNull(users.deactivatedAt),
      ),
    );
