import { z } from 'zod';
import { isoDateSchema } from './common.js';
import type { ErrorCode } from './errors.js';

const startTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time as HH:MM (00:00–23:59)');
/** The end of the allowed hours; `24:00` is the end of the day. */
const endTime = z
  .string()
  .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'a time as HH:MM (00:01–24:00)');

/**
 * The company's quiet-hours policy (Settings → Quiet hours, admins): texts reach a lead only
 * between `start` and `end` of the lead's local time, and, with `stateRules`, within the stricter
 * hours of the lead's US state.
 */
export const quietHoursPolicySchema = z
  .object({
    start: startTime,
    end: endTime,
    /** Apply the stricter US state rules (Florida, Oklahoma, Texas). */
    stateRules: z.boolean(),
    /** Staff may choose 'Send now' outside the allowed hours. */
    allowSendNow: z.boolean(),
  })
  .refine((policy) => policy.start < policy.end, {
    message: 'must end after it starts',
    path: ['end'],
  });
export type QuietHoursPolicy = z.infer<typeof quietHoursPolicySchema>;

export const DEFAULT_QUIET_HOURS_POLICY: QuietHoursPolicy = {
  start: '08:00',
  end: '21:00',
  stateRules: true,
  allowSendNow: true,
};

/** Where the lead's local time zone came from. */
export const leadTimeZoneSources = ['integration', 'area-code', 'property'] as const;

/** The lead's local time zone, as the pane shows it ("Local time 10:14 PM Central"). */
export const leadTimeZoneSchema = z.object({
  /** IANA zone, e.g. `America/Chicago`. */
  zone: z.string(),
  /** How people name it, e.g. `Central`. */
  label: z.string(),
  source: z.enum(leadTimeZoneSources),
});
export type LeadTimeZone = z.infer<typeof leadTimeZoneSchema>;

export const QUIET_HOURS_CODE = 'QUIET_HOURS' satisfies ErrorCode;

/**
 * The 409 of a text sent outside the lead's allowed hours without `quietHoursOverride`: what the
 * composer asks about, on the lead's clock (`timeZone`).
 */
export const quietHoursErrorSchema = z.object({
  code: z.literal(QUIET_HOURS_CODE),
  message: z.string(),
  leadFirstName: z.string(),
  /** The lead's local time now, e.g. `10:14 PM`. */
  localTime: z.string(),
  /** e.g. `Central`. */
  zoneLabel: z.string(),
  /** The lead's IANA zone, e.g. `America/Chicago`: the console writes the times on its clock. */
  timeZone: z.string(),
  /** The first moment texts are allowed again. */
  nextAllowedAt: isoDateSchema,
  /** That moment on the lead's clock, e.g. `8:00 AM`. */
  nextAllowedLocal: z.string(),
  /** False when the company forbids 'Send now' outside the allowed hours. */
  canSendNow: z.boolean(),
});
export type QuietHoursError = z.infer<typeof quietHoursErrorSchema>;

/** The sentence of the 403 answered to an override the policy forbids. */
export const SEND_NOW_FORBIDDEN_MESSAGE =
  "Your company does not allow sending outside the lead's allowed hours: schedule the message instead.";

/** Optional field of a send: send even though it is outside the lead's allowed hours. */
export const quietHoursOverrideFields = {
  quietHoursOverride: z.boolean().optional(),
};

/** The optional body of 'Send now' on a scheduled text: sent even outside the allowed hours. */
export const sendNowRequestSchema = z.object(quietHoursOverrideFields).nullish();
export type SendNowRequest = z.infer<typeof sendNowRequestSchema>;
