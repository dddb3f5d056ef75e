import { z } from 'zod';

/**
 * The leasing pipeline a lead moves through. `LOST` takes a reason (from the company's list) and
 * may go back to any other status.
 */
export const leadStatuses = [
  'NEW',
  'CONTACTED',
  'TOUR_SCHEDULED',
  'TOURED',
  'APPLIED',
  'LEASED',
  'LOST',
] as const;
export const leadStatusSchema = z.enum(leadStatuses);
export type LeadStatus = z.infer<typeof leadStatusSchema>;

export const leadStatusLabels: Record<LeadStatus, string> = {
  NEW: 'New',
  CONTACTED: 'Contacted',
  TOUR_SCHEDULED: 'Tour scheduled',
  TOURED: 'Toured',
  APPLIED: 'Applied',
  LEASED: 'Leased',
  LOST: 'Lost',
};

/** Who works a lead: one staff user, the automated leasing assistant, or nobody yet. */
export const leadOwnerKinds = ['unassigned', 'user', 'assistant'] as const;
export type LeadOwnerKind = (typeof leadOwnerKinds)[number];

export const leadOwnerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('unassigned') }),
  z.object({ kind: z.literal('assistant') }),
  z.object({ kind: z.literal('user'), userId: z.string(), name: z.string() }),
]);
export type LeadOwner = z.infer<typeof leadOwnerSchema>;

/** The words the console shows for an owner that is not a person. */
export const ASSISTANT_OWNER_LABEL = 'Assistant';
export const UNASSIGNED_OWNER_LABEL = 'Unassigned';
