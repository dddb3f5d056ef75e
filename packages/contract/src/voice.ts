import { z } from 'zod';
import { isoDateSchema } from './common.js';
import { transcriptLineSchema } from './conversation.js';

/**
 * Inbound calls: each property's voice settings (what a caller hears, who is rung, the voicemail,
 * the missed-call text-back) and the `data` of the CALL events the console writes for the calls
 * Twilio brings in.
 */

export const VOICE_GREETING_MAX_LENGTH = 500;
export const MAX_FORWARDING_NUMBERS = 5;
/** The most numbers one call rings (Twilio's limit for a <Dial>): forwarding numbers first. */
export const MAX_DIAL_NUMBERS = 10;
export const RING_TIMEOUT_MIN_SECONDS = 5;
export const RING_TIMEOUT_MAX_SECONDS = 60;
export const DEFAULT_RING_TIMEOUT_SECONDS = 20;
/** The longest voicemail a caller may leave (Twilio's `<Record maxLength>`). */
export const VOICEMAIL_MAX_SECONDS = 180;
export const TEXT_BACK_MAX_LENGTH = 480;

/** Filled with the lead's own tour booking page when the text-back leaves (as in templates). */
export const TEXT_BACK_LINK_FIELD = '{{tourLink}}';

export const DEFAULT_TEXT_BACK_MESSAGE = `Sorry we missed your call — how can we help? You can also book a tour: ${TEXT_BACK_LINK_FIELD}`;
export const DEFAULT_VOICEMAIL_GREETING =
  'Sorry we missed your call. Please leave a message after the tone and we will call you back.';

/** `simultaneous`: every forwarding number rings at once; `sequential`: one after another. */
export const ringModes = ['simultaneous', 'sequential'] as const;
export const ringModeSchema = z.enum(ringModes, {
  error: `must be one of ${ringModes.join(', ')}`,
});
export type RingMode = z.infer<typeof ringModeSchema>;

const E164_PATTERN = /^\+[1-9]\d{7,14}$/;

/** A phone number as Twilio dials it: `+`, the country code and the number, nothing else. */
export const e164PhoneSchema = z
  .string()
  .trim()
  .regex(E164_PATTERN, 'an E.164 phone number like +15125550100');

const spokenText = (what: string) =>
  z
    .string()
    .trim()
    .max(VOICE_GREETING_MAX_LENGTH, `${what}: at most ${VOICE_GREETING_MAX_LENGTH} characters`);

/** A property's voice settings (admins change them; a property without its own has the defaults). */
export const voiceSettingsSchema = z.object({
  /** Said (text-to-speech) before the phones ring; empty: nothing is said. */
  greeting: spokenText('The greeting'),
  /** The phones rung, E.164; none: callers go straight to voicemail. */
  forwardingNumbers: z
    .array(e164PhoneSchema)
    .max(MAX_FORWARDING_NUMBERS, `at most ${MAX_FORWARDING_NUMBERS} numbers`)
    .refine((numbers) => new Set(numbers).size === numbers.length, 'each number only once'),
  ringMode: ringModeSchema,
  /**
   * Also rings the agents on duty: staff of the company with the console open now and their own
   * phone set (at most `MAX_DIAL_NUMBERS` numbers in all). Off by default.
   */
  ringAgentsOnDuty: z.boolean().default(false),
  /** How long each ring lasts before the next number (sequential) or the voicemail. */
  ringTimeoutSeconds: z
    .number()
    .int()
    .min(RING_TIMEOUT_MIN_SECONDS, `at least ${RING_TIMEOUT_MIN_SECONDS} seconds`)
    .max(RING_TIMEOUT_MAX_SECONDS, `at most ${RING_TIMEOUT_MAX_SECONDS} seconds`),
  /** Said before the tone of the voicemail; empty: only the tone. */
  voicemailGreeting: spokenText('The voicemail greeting'),
  /** Voicemails are transcribed by Twilio (its transcription callback); off by default. */
  transcription: z.boolean(),
  /** A caller nobody answered gets a text (once per call, never when opted out). */
  textBack: z.boolean(),
  /** The text-back's words; `{{tourLink}}` is filled with the lead's own booking page. */
  textBackMessage: z
    .string()
    .trim()
    .min(1, 'Write the text')
    .max(TEXT_BACK_MAX_LENGTH, `at most ${TEXT_BACK_MAX_LENGTH} characters`)
    .refine(
      (text) =>
        [...text.matchAll(/\{\{([^}]*)\}\}/g)].every(([field]) => field === TEXT_BACK_LINK_FIELD),
      `only ${TEXT_BACK_LINK_FIELD} can be filled in`,
    ),
});
export type VoiceSettings = z.infer<typeof voiceSettingsSchema>;

/** What a property's calls do until an admin changes it. */
export const defaultVoiceSettings = (propertyName: string): VoiceSettings => ({
  greeting: `Thanks for calling ${propertyName}. Please hold while we connect you.`,
  forwardingNumbers: [],
  ringMode: 'simultaneous',
  ringAgentsOnDuty: false,
  ringTimeoutSeconds: DEFAULT_RING_TIMEOUT_SECONDS,
  voicemailGreeting: DEFAULT_VOICEMAIL_GREETING,
  transcription: false,
  textBack: true,
  textBackMessage: DEFAULT_TEXT_BACK_MESSAGE,
});

/** `GET`/`PUT /api/properties/:propertyId/voice`: the property's settings (admins and managers read). */
export const propertyVoiceSettingsSchema = z.object({
  propertyId: z.string(),
  settings: voiceSettingsSchema,
});
export type PropertyVoiceSettings = z.infer<typeof propertyVoiceSettingsSchema>;

export const callDirections = ['inbound', 'outbound'] as const;
export const callDirectionSchema = z.enum(callDirections);
export type CallDirection = z.infer<typeof callDirectionSchema>;

/** How a call ended: a person answered, nobody did, the caller left a voicemail, or it failed. */
export const callOutcomes = ['answered', 'missed', 'voicemail', 'busy', 'failed'] as const;
export const callOutcomeSchema = z.enum(callOutcomes);
export type CallOutcome = z.infer<typeof callOutcomeSchema>;

/**
 * `data` of a CALL event the console wrote for a call through Twilio (the assistant's CALL events
 * carry their own fields). Fields are absent until a callback tells them; the recording is played
 * through `GET /api/calls/:callId/recording`, never from Twilio.
 */
export const callEventDataSchema = z.object({
  callId: z.string(),
  direction: callDirectionSchema,
  /** E.164. */
  from: z.string(),
  to: z.string(),
  startedAt: isoDateSchema,
  /** Null while the call is still going. */
  outcome: callOutcomeSchema.nullable(),
  /** The talk time of an answered call, else the whole call's. */
  durationSeconds: z.number().int().nonnegative().optional(),
  /** The forwarding number (E.164) that picked up: while the call goes on, and once answered. */
  answeredBy: z.string().optional(),
  /** The staff member whose own phone that number is (their name when they picked up). */
  answeredByName: z.string().optional(),
  /** The voicemail: Twilio's recording id and its length. */
  recording: z
    .object({ id: z.string(), durationSeconds: z.number().int().nonnegative().nullable() })
    .optional(),
  /** The voicemail's transcription (the caller's words). */
  transcript: z.array(transcriptLineSchema).optional(),
});
export type CallEventData = z.infer<typeof callEventDataSchema>;

export const callParamsSchema = z.object({ callId: z.uuid() });

/** What both sides hear before a recorded call is put through (two-party-consent states). */
export const RECORDED_CALL_NOTICE = 'This call is recorded.';
export const RECORDING_RETENTION_MIN_DAYS = 1;
export const RECORDING_RETENTION_MAX_DAYS = 3650;

/**
 * The company's call recording (`GET`/`PUT /api/settings/calls`; staff read, admins change). Calls
 * staff place from the console are recorded only when an admin turns it on; both sides then hear
 * `RECORDED_CALL_NOTICE` first. Recordings (and voicemails) are deleted after the retention period.
 */
export const companyCallSettingsSchema = z.object({
  recordOutboundCalls: z.boolean(),
  recordingRetentionDays: z
    .number()
    .int('whole days')
    .min(RECORDING_RETENTION_MIN_DAYS, `at least ${RECORDING_RETENTION_MIN_DAYS} day`)
    .max(RECORDING_RETENTION_MAX_DAYS, `at most ${RECORDING_RETENTION_MAX_DAYS} days`),
});
export type CompanyCallSettings = z.infer<typeof companyCallSettingsSchema>;

export const DEFAULT_COMPANY_CALL_SETTINGS: CompanyCallSettings = {
  recordOutboundCalls: false,
  recordingRetentionDays: 90,
};
