import { z } from 'zod';
import { leadSourceRefSchema } from './sources.js';

/** One SMS number of the company, from the numbers registry (Settings → Numbers, admins). */
export const companyNumberSchema = z.object({
  _id: z.string(),
  /** E.164. */
  number: z.string(),
  /** The deployment's shared number (TWILIO_FROM): properties without their own text from it. */
  isSharedNumber: z.boolean(),
  /** The properties that have it as their own number. */
  properties: z.array(z.object({ _id: z.string(), name: z.string(), pmsPropertyId: z.string() })),
  /** The source a lead gets when its first message comes to this number (a tracking number). */
  source: leadSourceRefSchema.nullable(),
  /**
   * A tracking number's property: texts and calls to it are that property's leads' (a new lead
   * gets the number's source); replies leave from the property's own number. Null: none.
   */
  trackingProperty: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type CompanyNumber = z.infer<typeof companyNumberSchema>;

export const companyNumberListSchema = z.array(companyNumberSchema);

export const addNumberRequestSchema = z.object({
  number: z
    .string()
    .trim()
    .min(1, 'Enter a phone number')
    .max(32, 'Enter a phone number like +1 512 555 0100'),
});
export type AddNumberRequest = z.infer<typeof addNumberRequestSchema>;

export const numberParamsSchema = z.object({ numberId: z.uuid() });

/**
 * `PATCH /api/numbers/:numberId` (admins): the source its new leads get, and the property it is a
 * tracking number of; each may be null (none), at least one is given.
 */
export const updateNumberRequestSchema = z
  .object({
    sourceId: z.uuid({ error: 'must be a source id' }).nullable().optional(),
    trackingPropertyId: z.uuid({ error: 'must be a property id' }).nullable().optional(),
  })
  .refine((body) => body.sourceId !== undefined || body.trackingPropertyId !== undefined, {
    path: ['sourceId'],
    message: 'give sourceId or trackingPropertyId',
  });
export type UpdateNumberRequest = z.infer<typeof updateNumberRequestSchema>;
