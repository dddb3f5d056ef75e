import { z } from 'zod';
import { leadSummarySchema } from './leads.js';

export const LEAD_NAME_MAX_LENGTH = 200;
export const LEAD_EMAIL_MAX_LENGTH = 254;
export const LEAD_PHONE_MAX_LENGTH = 40;

/**
 * Staff correct a lead's name, phone or email (PATCH): the fields left out stay as they are; null
 * clears a phone or an email. The server reads the phone as a US number unless it starts with `+`
 * and stores it as E.164.
 */
export const updateLeadDetailsRequestSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter a name').max(LEAD_NAME_MAX_LENGTH).optional(),
    phone: z
      .string()
      .trim()
      .min(1, 'Enter a phone number, or clear it')
      .max(LEAD_PHONE_MAX_LENGTH)
      .nullable()
      .optional(),
    email: z
      .email('Enter an email address like name@example.com')
      .max(LEAD_EMAIL_MAX_LENGTH)
      .nullable()
      .optional(),
  })
  .refine(
    (body) => body.name !== undefined || body.phone !== undefined || body.email !== undefined,
    { message: 'Change at least one of name, phone and email' },
  );
export type UpdateLeadDetailsRequest = z.infer<typeof updateLeadDetailsRequestSchema>;

/** What a CONTACT_CHANGE event keeps in `data`: each changed field's value before and after. */
export const contactChangeDataSchema = z.object({
  changes: z.array(
    z.object({
      field: z.enum(['name', 'phone', 'email']),
      before: z.string().nullable(),
      after: z.string().nullable(),
    }),
  ),
  /** The old number's texts consent that did not carry over to the new number. */
  phoneConsentReset: z.boolean().optional(),
});
export type ContactChangeData = z.infer<typeof contactChangeDataSchema>;

export const updateLeadDetailsResponseSchema = z.object({
  lead: leadSummarySchema,
  /** The CONTACT_CHANGE event on the timeline; null when nothing changed. */
  eventId: z.string().nullable(),
});
export type UpdateLeadDetailsResponse = z.infer<typeof updateLeadDetailsResponseSchema>;
