import { z } from 'zod';
import { isoDateSchema } from './common.js';
import {
  conversationEventSchema,
  eventDataSchema,
  consoleOnlyEventTypes,
  eventTypeSchema,
  senderTypeSchema,
} from './conversation.js';
import { leadConsentSchema, optStatusSchema } from './consent.js';
import { officeDecisionStatusSchema } from './leads.js';
import { timeZoneSchema } from './office-hours.js';
import { leadSourceNameSchema } from './sources.js';
import { leadOwnerSchema } from './workflow.js';
import {
  ACCESS_LINK_DEFAULT_TTL_SECONDS,
  accessLinkSchema,
  accessLinkTtlSchema,
} from './secure-access.js';

/*
 * API keys (staff settings) and the integration API (`/api/integrations/v1`) through which the
 * leasing assistant, the property-management system and the phone bot feed the console. The
 * `.meta()` descriptions end up in the OpenAPI document at /api/docs.
 */

/** Every key starts with this, so a leaked one is easy to recognise (and to grep for). */
export const API_KEY_PREFIX = 'lk_';
/** How many of a key's first characters are kept in the clear to tell keys apart. */
export const API_KEY_DISPLAY_PREFIX_LENGTH = 10;
export const API_KEY_NAME_MAX_LENGTH = 100;

/** What a key may do; each integration route needs one or more of these. */
export const apiKeyScopes = [
  'leads:read',
  'events:write',
  'messages:send',
  'links:create',
  'act-as',
  'reports:read',
  'tours:write',
] as const;
export const apiKeyScopeSchema = z.enum(apiKeyScopes);
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

/** How a scope is named and explained where people choose it (and in the API docs). */
export const apiKeyScopeInfo: Record<ApiKeyScope, { label: string; description: string }> = {
  'leads:read': {
    label: 'Read leads',
    description: 'Read leads (with their consent records) and properties.',
  },
  'events:write': {
    label: 'Write leads and events',
    description: 'Create and update properties and leads, and add events to a lead’s timeline.',
  },
  'messages:send': {
    label: 'Send messages',
    description: 'Send texts and emails to leads. No integration route sends yet; reserved for it.',
  },
  'links:create': {
    label: 'Create access links',
    description: 'Mint secure-access links that open one lead’s conversation without a password.',
  },
  'reports:read': {
    label: 'Read reports',
    description:
      'Read the funnel, speed-to-lead and follow-up reports of the whole company, the leads behind each figure, and the CSV export.',
  },
  'tours:write': {
    label: 'Book tours',
    description:
      "Read a property's free tour slots, and book, reschedule, confirm and cancel leads' tours.",
  },
  'act-as': {
    label: 'Act as a colleague',
    description:
      'Act in the name of a staff member (an access link acts for one); audited as the key acting as them.',
  },
};

export const API_KEY_SCOPES_REQUIRED = 'Choose at least one thing the key may do';
export const API_KEY_EXPIRY_IN_PAST = 'The expiry must be in the future';

export const apiKeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The key's first characters; the key itself is never stored or shown again. */
  prefix: z.string(),
  createdAt: isoDateSchema,
  /** Null for keys created on the command line. */
  createdByUserName: z.string().nullable(),
  lastUsedAt: isoDateSchema.nullable(),
  revokedAt: isoDateSchema.nullable(),
  scopes: z.array(apiKeyScopeSchema),
  /** Null for a key that does not expire. */
  expiresAt: isoDateSchema.nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.array(apiKeySchema);

export const createApiKeyRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name the key after the system that will use it')
    .max(API_KEY_NAME_MAX_LENGTH, `At most ${API_KEY_NAME_MAX_LENGTH} characters`),
  scopes: z.array(apiKeyScopeSchema).min(1, API_KEY_SCOPES_REQUIRED),
  expiresAt: isoDateSchema
    .refine((value) => Date.parse(value) > Date.now(), API_KEY_EXPIRY_IN_PAST)
    .optional(),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

/** The answer to creating a key: the only time `key` is ever sent. */
export const createdApiKeySchema = z.object({ apiKey: apiKeySchema, key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyParamsSchema = z.object({ apiKeyId: z.uuid() });

// ---------------------------------------------------------------------------------------------
// Integration API
// ---------------------------------------------------------------------------------------------

const pmsIdSchema = (what: string) =>
  z
    .string()
    .min(1)
    .max(200)
    .meta({ description: `The ${what}'s id in the property-management system.` });

export const integrationPropertyParamsSchema = z.object({
  pmsPropertyId: pmsIdSchema('property'),
});
export const integrationLeadParamsSchema = z.object({
  pmsPropertyId: pmsIdSchema('property'),
  pmsLeadId: pmsIdSchema('lead'),
});

const E164_PATTERN = /^\+[1-9]\d{7,14}$/;

/** A BCP 47 language code: what translation and the lead's preferred language use. */
export const languageCodeSchema = z
  .string()
  .trim()
  .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, 'a language code like "es" or "pt-BR"');

const optional = <T extends z.ZodType>(schema: T, description: string) =>
  schema.nullable().optional().meta({ description });

export const upsertPropertyRequestSchema = z.object({
  name: z.string().trim().min(1).max(200),
  address: optional(z.string().trim().max(500), 'Postal address. Omit to keep, null to clear.'),
  smsNumber: optional(
    z.string().regex(E164_PATTERN, 'an E.164 phone number like +15125550100'),
    "The property's own SMS number (E.164): one your company owns in its numbers registry (Settings → Numbers), never the shared number. Without one the property texts from its company's shared number. Omit to keep, null to clear.",
  ),
});
export type UpsertPropertyRequest = z.infer<typeof upsertPropertyRequestSchema>;

export const integrationPropertySchema = z
  .object({
    _id: z.string(),
    pmsPropertyId: z.string(),
    name: z.string(),
    address: z.string().nullable(),
    smsNumber: z.string().nullable(),
  })
  .meta({ id: 'IntegrationProperty' });
export type IntegrationProperty = z.infer<typeof integrationPropertySchema>;

export const upsertLeadRequestSchema = z.object({
  name: z.string().trim().min(1).max(200),
  phone: optional(
    z.string().trim().min(1).max(40),
    'Any common format ("(512) 555-0101", "512.555.0101", "+1 512 555 0101"); national numbers are read as US ones and stored as E.164. Omit to keep, null to clear.',
  ),
  email: optional(z.email().max(320), 'Omit to keep, null to clear.'),
  phoneOptStatus: optStatusSchema
    .optional()
    .meta({ description: 'Consent to texts. New leads start at NO_INDICATION.' }),
  emailOptStatus: optStatusSchema
    .optional()
    .meta({ description: 'Consent to email. New leads start at NO_INDICATION.' }),
  preferredLanguage: optional(
    languageCodeSchema,
    'BCP 47 language code ("es", "pt-BR"). Omit to keep, null to clear.',
  ),
  timeZone: optional(
    timeZoneSchema,
    "The lead's own IANA time zone (\"America/Chicago\"), when you know it: quiet hours are counted in it. Without one the phone number's area code decides, else the property's zone. Omit to keep, null to clear.",
  ),
  owner: z
    .union([
      z.object({ staffEmail: z.email().max(320) }),
      z.literal('assistant'),
      z.literal('unassigned'),
    ])
    .optional()
    .meta({
      description:
        'Who works the lead: a staff member of your company by email, the leasing assistant ("assistant"), or nobody ("unassigned"). Omit to keep; a new lead then follows its property\'s automatic assignment.',
    }),
  source: optional(
    leadSourceNameSchema,
    'Where the lead came from ("Zillow", "Website"; 1–60 characters), matched in any case against your company\'s lead sources (Settings → Sources); a name not on the list joins it. Omit to keep, null to clear.',
  ),
});
export type UpsertLeadRequest = z.infer<typeof upsertLeadRequestSchema>;

export const integrationLeadSchema = z
  .object({
    _id: z.string(),
    pmsLeadId: z.string(),
    pmsPropertyId: z.string(),
    propertyID: z.string(),
    name: z.string(),
    phone: z.string().nullable().meta({ description: 'E.164' }),
    email: z.string().nullable(),
    phoneOptStatus: optStatusSchema,
    emailOptStatus: optStatusSchema,
    consent: leadConsentSchema.meta({
      description:
        'When and how the lead last opted in or out of each channel (null: never said): the source (sms_keyword, sms_phrase, staff, email_one_click, integration, carrier), the time, and the message or person.',
    }),
    preferredLanguage: z.string().nullable(),
    officeDecisionStatus: officeDecisionStatusSchema
      .nullable()
      .meta({ description: 'PENDING while an office decision waits for staff.' }),
    tourDateUTC: isoDateSchema.nullable(),
    lastActivityAt: isoDateSchema,
    owner: leadOwnerSchema,
    source: z
      .string()
      .nullable()
      .meta({ description: "Where the lead came from, as your company's list names it." }),
    assistantActive: z.boolean().meta({
      description:
        'The assistant may write to the lead: false while a staff member owns it (the assistant is paused).',
    }),
  })
  .meta({ id: 'IntegrationLead' });
export type IntegrationLead = z.infer<typeof integrationLeadSchema>;

/** `data` of an appended event: the timeline's known fields, plus the tour's instant. */
export const integrationEventDataSchema = eventDataSchema.extend({
  tourDateUTC: isoDateSchema.optional().meta({
    description:
      'SCHEDULED_TOUR_APPOINTMENT: when the tour starts. Alternatively give tourDateString ("Mar 5, 2026") and tourFromTimeString ("2:00 PM"), read in the company\'s time zone.',
  }),
});

export const appendEventRequestSchema = z.object({
  externalId: z.string().trim().min(1).max(200).meta({
    description:
      "The event's id in your system. Appends are idempotent on it (per company): sending it again answers the first event and changes nothing.",
  }),
  eventType: eventTypeSchema.exclude(consoleOnlyEventTypes),
  date: isoDateSchema.meta({ description: 'When it happened, ISO 8601 with an offset.' }),
  body: optional(z.string().max(50_000), 'What the timeline shows.'),
  senderName: optional(z.string().max(200), 'Who it is from, as the timeline names them.'),
  senderType: senderTypeSchema.default('SYSTEM'),
  subject: optional(z.string().max(300), 'Email subject.'),
  data: integrationEventDataSchema.optional().meta({
    description:
      'Fields of the event type: transcript and durationSeconds (CALL, phone-bot calls), tourDateUTC or tourDateString + tourFromTimeString (tours), language (LANGUAGE_PREFERENCE_UPDATE), intent, amount and currency, ...',
  }),
  eventByUserName: optional(z.string().max(200), 'The staff member it was done by, if any.'),
});
export type AppendEventRequest = z.input<typeof appendEventRequestSchema>;

export const integrationEventSchema = conversationEventSchema.meta({ id: 'ConversationEvent' });

export const integrationAccessLinkRequestSchema = z.object({
  userEmail: z.email().meta({
    description:
      'The staff member (of your company) the link acts for: what is sent through it carries their name.',
  }),
  ttlSeconds: accessLinkTtlSchema.optional().meta({
    description: `How long the link works, in seconds (default ${ACCESS_LINK_DEFAULT_TTL_SECONDS}).`,
  }),
});
export type IntegrationAccessLinkRequest = z.infer<typeof integrationAccessLinkRequestSchema>;

export const integrationAccessLinkSchema = accessLinkSchema.meta({
  id: 'AccessLink',
  description:
    "Open `url` (typically in an iframe of your system) to show the lead's conversation without a password, until `expiresAt`. It opens this one lead only.",
});

/** Paths of the integration API: what external systems call (tests and docs build them here). */
export const integrationPaths = {
  property: (pmsPropertyId: string) =>
    `/api/integrations/v1/properties/${encodeURIComponent(pmsPropertyId)}`,
  lead: (pmsPropertyId: string, pmsLeadId: string) =>
    `${integrationPaths.property(pmsPropertyId)}/leads/${encodeURIComponent(pmsLeadId)}`,
  events: (pmsPropertyId: string, pmsLeadId: string) =>
    `${integrationPaths.lead(pmsPropertyId, pmsLeadId)}/events`,
  accessLinks: (pmsPropertyId: string, pmsLeadId: string) =>
    `${integrationPaths.lead(pmsPropertyId, pmsLeadId)}/access-links`,
  status: (pmsPropertyId: string, pmsLeadId: string) =>
    `${integrationPaths.lead(pmsPropertyId, pmsLeadId)}/status`,
  /** The property's free tour slots, a lead's tours, one tour (scope `tours:write`). */
  tourSlots: (pmsPropertyId: string) => `${integrationPaths.property(pmsPropertyId)}/tour-slots`,
  tours: (pmsPropertyId: string, pmsLeadId: string) =>
    `${integrationPaths.lead(pmsPropertyId, pmsLeadId)}/tours`,
  tour: (tourId: string) => `/api/integrations/v1/tours/${encodeURIComponent(tourId)}`,
} as const;
