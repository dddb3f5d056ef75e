import { z } from 'zod';
import { staffRoleSchema } from './company.js';

/** Whom to give a lead: one staff user of the company, the leasing assistant, or nobody. */
export const ownerChoiceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), userId: z.uuid() }),
  z.object({ kind: z.literal('assistant') }),
  z.object({ kind: z.literal('unassigned') }),
]);
export type OwnerChoice = z.infer<typeof ownerChoiceSchema>;

/** `PUT /api/leads/:leadId/owner`. */
export const assignLeadRequestSchema = z.object({ owner: ownerChoiceSchema });
export type AssignLeadRequest = z.infer<typeof assignLeadRequestSchema>;

/** The most leads one bulk assignment may name (one inbox page). */
export const MAX_BULK_ASSIGN = 200;

/** `POST /api/leads/owner`: the same owner for several leads; all or nothing. */
export const bulkAssignRequestSchema = z.object({
  leadIds: z
    .array(z.uuid())
    .min(1, 'Select at least one lead')
    .max(MAX_BULK_ASSIGN, `Select at most ${MAX_BULK_ASSIGN} leads`),
  owner: ownerChoiceSchema,
});
export type BulkAssignRequest = z.infer<typeof bulkAssignRequestSchema>;

export const bulkAssignResponseSchema = z.object({
  /** Leads whose owner changed (a lead that already had this owner is left as it was). */
  changed: z.number().int(),
});
export type BulkAssignResponse = z.infer<typeof bulkAssignResponseSchema>;

/** `GET /api/staff`: the company's active people, for owner pickers (any signed-in staff). */
export const staffMemberSchema = z.object({
  _id: z.string(),
  name: z.string(),
  role: staffRoleSchema,
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListSchema = z.array(staffMemberSchema);

/**
 * A property's automatic assignment: new leads go round robin to the chosen agents who are
 * signed in, or stay Unassigned when none is (or when the rule is off).
 */
export const assignmentRuleSchema = z.object({
  propertyId: z.string(),
  propertyName: z.string(),
  roundRobin: z.boolean(),
  /** The staff users new leads of this property rotate between. */
  agentIds: z.array(z.string()),
});
export type AssignmentRule = z.infer<typeof assignmentRuleSchema>;
export const assignmentRuleListSchema = z.array(assignmentRuleSchema);

/** `PUT /api/properties/:propertyId/assignment` (admins). */
export const updateAssignmentRuleRequestSchema = z.object({
  roundRobin: z.boolean(),
  agentIds: z.array(z.uuid()).max(100, 'Choose at most 100 people'),
});
export type UpdateAssignmentRuleRequest = z.infer<typeof updateAssignmentRuleRequestSchema>;

/** The inbox's owner views: the caller's leads, nobody's, the assistant's, or all of them. */
export const inboxViews = ['mine', 'unassigned', 'assistant', 'all'] as const;
export const inboxViewSchema = z.enum(inboxViews);
export type InboxView = z.infer<typeof inboxViewSchema>;
export const inboxViewLabels: Record<InboxView, string> = {
  mine: 'Mine',
  unassigned: 'Unassigned',
  assistant: 'Assistant',
  all: 'All',
};
