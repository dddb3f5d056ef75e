import { z } from 'zod';

/**
 * Where leads come from ('Zillow', 'Website', 'Walk-in', …): a list each company keeps. A lead's
 * source is set by the integration API (`source` on the lead upsert, by name: a new name joins the
 * list), by the number or email address a new lead first wrote to, or by hand in the pane.
 */
export const LEAD_SOURCE_NAME_MAX_LENGTH = 60;

/** The sources a new company starts with, and what the console names automatically. */
export const DEFAULT_LEAD_SOURCES = [
  'Zillow',
  'Apartments.com',
  'Website',
  'Website booking',
  'Walk-in',
  'Phone call',
  'Referral',
] as const;

export const leadSourceNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the source a name')
  .max(LEAD_SOURCE_NAME_MAX_LENGTH, `At most ${LEAD_SOURCE_NAME_MAX_LENGTH} characters`);

/** A source as a lead or a number names it. */
export const leadSourceRefSchema = z.object({ _id: z.string(), name: z.string() });
export type LeadSourceRef = z.infer<typeof leadSourceRefSchema>;

export const leadSourceSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Leads with this source now. */
  leadCount: z.number().int(),
  /** Numbers that give new leads this source. */
  numberCount: z.number().int(),
});
export type LeadSource = z.infer<typeof leadSourceSchema>;

export const leadSourceListSchema = z.object({ items: z.array(leadSourceSchema) });
export type LeadSourceList = z.infer<typeof leadSourceListSchema>;

export const leadSourceParamsSchema = z.object({ sourceId: z.uuid() });

/** `POST /api/lead-sources` (add) and `PATCH /api/lead-sources/:sourceId` (rename): admins. */
export const leadSourceWriteSchema = z.object({ name: leadSourceNameSchema });
export type LeadSourceWrite = z.infer<typeof leadSourceWriteSchema>;

/** `POST /api/lead-sources/:sourceId/merge`: its leads and numbers move to `intoSourceId`. */
export const leadSourceMergeSchema = z.object({ intoSourceId: z.uuid() });
export type LeadSourceMerge = z.infer<typeof leadSourceMergeSchema>;

export const LEAD_SOURCE_EXISTS = 'A source with this name already exists';

/** `PUT /api/leads/:leadId/source` (any staff) and `PATCH /api/numbers/:numberId` (admins): null clears it. */
export const setSourceRequestSchema = z.object({
  sourceId: z.uuid('Choose a source from the list').nullable(),
});
export type SetSourceRequest = z.infer<typeof setSourceRequestSchema>;

/** The lead's source after `PUT /api/leads/:leadId/source`. */
export const leadSourceResponseSchema = z.object({ source: leadSourceRefSchema.nullable() });
export type LeadSourceResponse = z.infer<typeof leadSourceResponseSchema>;
