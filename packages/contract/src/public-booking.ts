import { z } from 'zod';
import { isoDateSchema } from './common.js';
import { bookedTourSchema, tourKindSchema } from './tour-booking.js';

/**
 * The public booking page (`/book/<propertyId>` on the console's host, no sign-in): a prospect
 * picks a type, a day and a free time, gives their name, phone and email, and books. A phone the
 * booker has not proven gets a one-time code by text first; a lead's own link (`?t=<token>`,
 * signed for that lead) needs no code and fills the form.
 */

/** How long a texted code works. */
export const BOOKING_CODE_TTL_MINUTES = 10;
/** Wrong tries a code takes before it stops working (a new one can be asked for). */
export const BOOKING_CODE_MAX_ATTEMPTS = 5;
export const BOOKING_CODE_LENGTH = 6;
/** Codes one phone may be sent per hour, and one network per hour (every phone). */
export const BOOKING_CODES_PER_PHONE_PER_HOUR = 3;
export const BOOKING_CODES_PER_IP_PER_HOUR = 10;
/** Bookings (and code checks) one network may post per hour. */
export const BOOKINGS_PER_IP_PER_HOUR = 20;

export const publicBookingParamsSchema = z.object({ propertyId: z.uuid() });

/** A lead's own link: `?t=` carries its token. */
export const publicBookingQuerySchema = z.object({
  t: z.string().max(100).optional(),
});

export const publicBookingTypeSchema = z.object({
  type: tourKindSchema,
  label: z.string(),
  lengthMinutes: z.number().int(),
});

/** `GET /api/public/book/:propertyId`: what the page shows before the booker picks anything. */
export const publicBookingPageSchema = z.object({
  propertyId: z.string(),
  propertyName: z.string(),
  companyName: z.string(),
  address: z.string().nullable(),
  /** The zone every time is in, named beside it ('Central Time'). */
  timeZone: z.string(),
  /** The types this property offers (at least one, else the page says tours cannot be booked). */
  types: z.array(publicBookingTypeSchema),
  /** How many days ahead the page offers. */
  maxDaysAhead: z.number().int(),
  /** With a lead's valid link: who the booking is for (the form is filled, no code is asked). */
  lead: z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      /** The phone as the lead gave it, shown masked: "(•••) •••-0199". */
      phoneMasked: z.string().nullable(),
      email: z.string().nullable(),
      /** The lead's tour ahead: booking from the link moves it to the time picked. */
      tour: z.object({ type: tourKindSchema, start: isoDateSchema }).nullable(),
    })
    .nullable(),
  /**
   * The sandbox (no SMS provider): no text leaves this machine, so the page shows the code it
   * would have texted. Never true with a real provider.
   */
  sandbox: z.boolean(),
});
export type PublicBookingPage = z.infer<typeof publicBookingPageSchema>;

/** `POST /api/public/book/:propertyId/code`: text a one-time code to this phone. */
export const requestBookingCodeSchema = z.object({
  phone: z.string().trim().min(1).max(40),
});
export type RequestBookingCode = z.infer<typeof requestBookingCodeSchema>;

export const bookingCodeSentSchema = z.object({
  /** The number it went to, formatted ("(512) 555-0199"). */
  sentTo: z.string(),
  expiresAt: isoDateSchema,
  /** Only in the sandbox (nothing is texted there): the code itself. */
  sandboxCode: z.string().optional(),
});
export type BookingCodeSent = z.infer<typeof bookingCodeSentSchema>;

/** `POST /api/public/book/:propertyId`: the booking; a code, or a lead's link token (`t`). */
export const publicBookingRequestSchema = z.object({
  type: tourKindSchema,
  start: isoDateSchema,
  firstName: z.string().trim().min(1).max(80),
  lastName: z.string().trim().max(80).default(''),
  /** Required without a link (`t`); with one, the lead's phone on file is used. */
  phone: z.string().trim().max(40).optional(),
  email: z
    .email()
    .max(200)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** 'I agree to get texts about this tour': required, the reminders are texts. */
  smsConsent: z.literal(true, { error: 'agree to texts about your tour to book it' }),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'the 6 digits we texted you')
    .optional(),
  t: z.string().max(100).optional(),
});
export type PublicBookingRequest = z.input<typeof publicBookingRequestSchema>;

/** What the booker sees once booked. */
export const publicBookingResultSchema = z.object({
  tour: bookedTourSchema.pick({ type: true, start: true, end: true, timeZone: true }),
  /** The lead's tour ahead was moved (a lead's link), not a new one booked. */
  rescheduled: z.boolean(),
  propertyName: z.string(),
  address: z.string().nullable(),
});
export type PublicBookingResult = z.infer<typeof publicBookingResultSchema>;

/** A lead's own booking link (staff: `GET /api/leads/:leadId/booking-link`). */
export const bookingLinkSchema = z.object({ url: z.string() });
export type BookingLink = z.infer<typeof bookingLinkSchema>;

/** `POST /api/public/book/:propertyId/cancel`: a lead's own link cancels their tour ahead. */
export const publicBookingCancelSchema = z.object({ t: z.string().min(1).max(100) });
export type PublicBookingCancel = z.infer<typeof publicBookingCancelSchema>;

export const publicBookingCancelledSchema = z.object({
  tour: bookedTourSchema.pick({ type: true, start: true, end: true, timeZone: true }),
  propertyName: z.string(),
});
export type PublicBookingCancelled = z.infer<typeof publicBookingCancelledSchema>;
