import { z } from 'zod';
import { isoDateSchema } from './common.js';
import { conversationEventSchema, type EventData } from './conversation.js';
import { secretParam } from './secret-params.js';

/** A lead's consent to one channel (phone or email). */
export const optStatuses = ['NO_INDICATION', 'OPT_IN', 'OPT_OUT'] as const;
export const optStatusSchema = z.enum(optStatuses);
export type OptStatus = z.infer<typeof optStatusSchema>;

/** The channels a lead gives or withdraws consent for. */
export const consentChannels = ['SMS', 'EMAIL'] as const;
export const consentChannelSchema = z.enum(consentChannels);
export type ConsentChannel = z.infer<typeof consentChannelSchema>;

/**
 * How a consent change came about:
 * - `sms_keyword`: the lead texted a carrier keyword (STOP, START, …);
 * - `sms_phrase`: the lead revoked consent in their own words ("please stop texting me");
 * - `staff`: a person decided (e.g. 'Opt out of texts' on a message flagged as a possible opt-out);
 * - `email_one_click`: the lead used the unsubscribe link of an email (RFC 8058);
 * - `integration`: an integration key set the status;
 * - `carrier`: the carrier refused a text because the number opted out with it.
 */
export const consentSources = [
  'sms_keyword',
  'sms_phrase',
  'staff',
  'email_one_click',
  'integration',
  'carrier',
  'booking_page',
] as const;
export const consentSourceSchema = z.enum(consentSources);
export type ConsentSource = z.infer<typeof consentSourceSchema>;

export const consentRecordSchema = z
  .object({
    channel: consentChannelSchema,
    status: optStatusSchema,
    source: consentSourceSchema,
    /** When the change was made. */
    at: isoDateSchema,
    /** The lead's message that made it (`sms_keyword`, `sms_phrase`), or the timeline event recording it. */
    timelineEventId: z.string().nullable(),
    /** The lead's words, when a message made the change. */
    message: z.string().nullable(),
    /** The person (or the integration key) who made the change; null when the lead did. */
    actorName: z.string().nullable(),
  })
  .meta({ id: 'ConsentRecord' });
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

/** The latest consent change per channel; null where the lead never said (NO_INDICATION). */
export const leadConsentSchema = z
  .object({ sms: consentRecordSchema.nullable(), email: consentRecordSchema.nullable() })
  .meta({ id: 'LeadConsent' });
export type LeadConsent = z.infer<typeof leadConsentSchema>;

/** A lead's text that may be an opt-out: `PENDING` until a person opts the lead out or dismisses it. */
export type OptOutReview = NonNullable<EventData['optOutReview']>;

export const optOutReviewParamsSchema = z.object({ leadId: z.uuid(), eventId: z.uuid() });

export const optOutReviewRequestSchema = z.object({
  /** `OPT_OUT`: opt the lead out of texts; `NOT_OPT_OUT`: the message asks nothing of the kind. */
  decision: z.enum(['OPT_OUT', 'NOT_OPT_OUT']),
});
export type OptOutReviewRequest = z.infer<typeof optOutReviewRequestSchema>;

export const optOutReviewResponseSchema = z.object({
  /** The flagged message, with its review decided. */
  event: conversationEventSchema,
  /** The CONSENT_CHANGE event an opt-out put on the timeline; null for a dismissal. */
  consentEvent: conversationEventSchema.nullable(),
  phoneOptStatus: optStatusSchema,
  consent: leadConsentSchema,
});
export type OptOutReviewResponse = z.infer<typeof optOutReviewResponseSchema>;

/** RFC 8058: the body a mail client POSTs to the List-Unsubscribe URL. */
export const ONE_CLICK_UNSUBSCRIBE_BODY = 'List-Unsubscribe=One-Click';
export const unsubscribeParamsSchema = z.object({ token: secretParam(z.string().min(1).max(200)) });
