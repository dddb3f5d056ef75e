import { z } from 'zod';
import { isoDateSchema } from './common.js';
import { staffRoleSchema } from './company.js';

/** `GET /api/workload`: one property of the company, or all of them when left out. */
export const workloadQuerySchema = z.object({ propertyId: z.uuid().optional() });
export type WorkloadQuery = z.infer<typeof workloadQuerySchema>;

/** What one owner holds among the open leads (neither leased nor lost). */
export const workloadCountsSchema = z.object({
  openLeads: z.number().int(),
  /** The lead spoke last and no later follow-up puts it aside (Today's 'Needs reply'). */
  needsReply: z.number().int(),
  /** When the longest-waiting of those wrote first; null when none waits. */
  oldestWaitingSince: isoDateSchema.nullable(),
  /** Follow-ups whose time has come and that nobody has done yet. */
  followUpsDue: z.number().int(),
  openDecisions: z.number().int(),
});
export type WorkloadCounts = z.infer<typeof workloadCountsSchema>;

export const workloadMemberSchema = workloadCountsSchema.extend({
  _id: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  /** No longer signs in: their leads wait for someone else. */
  deactivated: z.boolean(),
});
export type WorkloadMember = z.infer<typeof workloadMemberSchema>;

/**
 * The team's workload (managers and admins): every active person of the company, those with the
 * most leads waiting first, and the leads nobody or the assistant holds.
 */
export const workloadSchema = z.object({
  members: z.array(workloadMemberSchema),
  unassigned: workloadCountsSchema,
  assistant: workloadCountsSchema,
});
export type Workload = z.infer<typeof workloadSchema>;
