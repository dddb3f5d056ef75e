import type { Workload, WorkloadCounts, WorkloadMember, WorkloadQuery } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { findCompanyProperty } from '../company/index.js';
import {
  countOpenLeadsByOwner,
  listWorkloadPeople,
  type OwnerCounts,
} from './workload.repository.js';

const NONE: WorkloadCounts = {
  openLeads: 0,
  needsReply: 0,
  oldestWaitingSince: null,
  followUpsDue: 0,
  openDecisions: 0,
};

const countsOf = (row: OwnerCounts | undefined): WorkloadCounts =>
  row
    ? {
        openLeads: row.openLeads,
        needsReply: row.needsReply,
        oldestWaitingSince: row.oldestWaitingSince?.toISOString() ?? null,
        followUpsDue: row.followUpsDue,
        openDecisions: row.openDecisions,
      }
    : NONE;

/** Most waiting first, then most follow-ups due, then most leads; by name among equals. */
const byUrgency = (a: WorkloadMember, b: WorkloadMember) =>
  b.needsReply - a.needsReply ||
  b.followUpsDue - a.followUpsDue ||
  b.openLeads - a.openLeads ||
  a.name.localeCompare(b.name);

/**
 * The team's workload: what each person of the company holds among the open leads (of one
 * property, or all), and what the assistant and nobody hold. A deactivated person is listed while
 * they still hold open leads, so a manager sees what to hand on.
 */
export const getWorkload = async (
  db: Db,
  user: { companyId: string },
  query: WorkloadQuery,
  now: Date,
): Promise<Workload> => {
  if (query.propertyId) {
    const property = await findCompanyProperty(db, user.companyId, query.propertyId);
    if (!property) throw notFound('Property');
  }
  const rows = await countOpenLeadsByOwner(db, {
    companyId: user.companyId,
    propertyId: query.propertyId,
    now,
  });
  const byUser = new Map(rows.flatMap((row) => (row.ownerUserId ? [[row.ownerUserId, row]] : [])));
  const people = await listWorkloadPeople(db, user.companyId, [...byUser.keys()]);
  return {
    members: people
      .map((person) => ({
        _id: person.id,
        name: person.name,
        role: person.role,
        deactivated: person.deactivatedAt !== null,
        ...countsOf(byUser.get(person.id)),
      }))
      .sort(byUrgency),
    unassigned: countsOf(rows.find((row) => row.ownerKind === 'unassigned')),
    assistant: countsOf(rows.find((row) => row.ownerKind === 'assistant')),
  };
};
