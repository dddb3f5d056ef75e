import { z } from 'zod';
import { isoDateSchema } from './common.js';
import { dayHoursSchema, weekHoursSchema } from './office-hours.js';

/** The kinds of tour a property offers, each booked in slots of its own. */
export const tourKinds = ['IN_PERSON', 'SELF_GUIDED', 'VIDEO'] as const;
export type TourKind = (typeof tourKinds)[number];
export const tourKindSchema = z.enum(tourKinds);
export const tourKindLabels: Record<TourKind, string> = {
  IN_PERSON: 'In person with an agent',
  SELF_GUIDED: 'Self-guided',
  VIDEO: 'Video tour',
};

export const tourKindSettingsSchema = z.object({
  /** Offered to bookers at all. */
  enabled: z.boolean(),
  /** How long the tour takes. */
  lengthMinutes: z.number().int().min(10).max(240),
  /** Kept free after each tour before the next slot starts. */
  bufferMinutes: z.number().int().min(0).max(120),
  /** Tours one slot takes at once: agents giving tours, or self-guided places. */
  capacity: z.number().int().min(1).max(50),
});
export type TourKindSettings = z.infer<typeof tourKindSettingsSchema>;

const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const calendarDaySchema = z.string().regex(DAY_PATTERN, 'a day as YYYY-MM-DD');

/** Days (in the property's zone, both ends included) with other hours, or closed (`hours: null`). */
export const tourHoursExceptionSchema = z
  .object({
    from: calendarDaySchema,
    to: calendarDaySchema,
    hours: dayHoursSchema,
    /** What it is, for the staff ('Thanksgiving', 'Pool resurfacing'). */
    label: z.string().trim().max(80),
  })
  .refine((exception) => exception.from <= exception.to, {
    message: 'must not end before it starts',
    path: ['to'],
  });
export type TourHoursException = z.infer<typeof tourHoursExceptionSchema>;

export const TOUR_EXCEPTIONS_MAX = 100;

/** A property's tour availability (admins and managers set it; a new property has the defaults). */
export const tourAvailabilitySchema = z.object({
  kinds: z.object({
    IN_PERSON: tourKindSettingsSchema,
    SELF_GUIDED: tourKindSettingsSchema,
    VIDEO: tourKindSettingsSchema,
  }),
  /** The weekly hours tours are given in; null: the property's office hours. */
  hours: weekHoursSchema.nullable(),
  exceptions: z.array(tourHoursExceptionSchema).max(TOUR_EXCEPTIONS_MAX),
  /** The earliest a tour can be booked, counted from now (e.g. 120: two hours ahead). */
  minNoticeMinutes: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60),
  /** How many days ahead tours can be booked, today counting as the first. */
  maxDaysAhead: z.number().int().min(1).max(90),
});
export type TourAvailability = z.infer<typeof tourAvailabilitySchema>;

/** Half-hour in-person tours every 45 minutes, two at once; the others off; 2 h to 21 days ahead. */
export const DEFAULT_TOUR_AVAILABILITY: TourAvailability = {
  kinds: {
    IN_PERSON: { enabled: true, lengthMinutes: 30, bufferMinutes: 15, capacity: 2 },
    SELF_GUIDED: { enabled: false, lengthMinutes: 30, bufferMinutes: 0, capacity: 1 },
    VIDEO: { enabled: false, lengthMinutes: 20, bufferMinutes: 10, capacity: 1 },
  },
  hours: null,
  exceptions: [],
  minNoticeMinutes: 120,
  maxDaysAhead: 21,
};

/** A property's availability as the settings page shows it: with the zone its times are in. */
export const propertyTourAvailabilitySchema = z.object({
  propertyId: z.string(),
  /** The zone the hours and exceptions are in: the property's, else the company's. */
  timeZone: z.string(),
  availability: tourAvailabilitySchema,
});
export type PropertyTourAvailability = z.infer<typeof propertyTourAvailabilitySchema>;

/** Most days one ask for free slots covers. */
export const TOUR_SLOTS_MAX_RANGE_DAYS = 31;

export const tourSlotsQuerySchema = z.object({
  from: isoDateSchema,
  to: isoDateSchema,
  type: tourKindSchema,
});
export type TourSlotsQuery = z.infer<typeof tourSlotsQuerySchema>;

export const tourSlotSchema = z.object({
  start: isoDateSchema,
  end: isoDateSchema,
  type: tourKindSchema,
  placesLeft: z.number().int().min(1),
});
export type TourSlot = z.infer<typeof tourSlotSchema>;

export const tourSlotListSchema = z.object({
  /** The property's zone, named to the booker with every time. */
  timeZone: z.string(),
  items: z.array(tourSlotSchema),
});
export type TourSlotList = z.infer<typeof tourSlotListSchema>;

/** `POST /api/leads/:leadId/tours`: a free slot's start, of a type the property offers. */
export const bookTourRequestSchema = z.object({
  start: isoDateSchema,
  type: tourKindSchema,
  /** The agent giving an in-person tour; unset: none named yet. */
  agentId: z.uuid().optional(),
});
export type BookTourRequest = z.infer<typeof bookTourRequestSchema>;

export const tourStatuses = ['SCHEDULED', 'CANCELLED', 'COMPLETED', 'NO_SHOW'] as const;
export const tourSources = ['STAFF', 'BOOKING_PAGE', 'LEAD_LINK', 'INTEGRATION'] as const;

export const bookedTourSchema = z.object({
  _id: z.string(),
  leadId: z.string(),
  propertyId: z.string(),
  type: tourKindSchema,
  start: isoDateSchema,
  end: isoDateSchema,
  agentId: z.string().nullable(),
  status: z.enum(tourStatuses),
  confirmedAt: isoDateSchema.nullable(),
  source: z.enum(tourSources),
  /** The zone the property gives its tours in, to name with the time. */
  timeZone: z.string(),
});
export type BookedTour = z.infer<typeof bookedTourSchema>;

/** How many free slots a `SLOT_TAKEN` answer offers instead. */
export const NEXT_SLOTS_OFFERED = 5;

export const tourParamsSchema = z.object({ tourId: z.uuid() });

/**
 * `PATCH /api/tours/:tourId`: a new `start` (and `type`) reschedules the tour into that free slot;
 * `confirmed: true` records that the lead confirmed it. One of the two.
 */
export const updateTourRequestSchema = z
  .object({
    start: isoDateSchema.optional(),
    type: tourKindSchema.optional(),
    confirmed: z.literal(true).optional(),
  })
  .refine((body) => (body.start === undefined) !== (body.confirmed === undefined), {
    message: 'give a new start, or confirmed: true',
    path: ['start'],
  })
  .refine((body) => body.type === undefined || body.start !== undefined, {
    message: 'a new type needs a new start',
    path: ['type'],
  });
export type UpdateTourRequest = z.infer<typeof updateTourRequestSchema>;

/** When the reminders go before a tour, by default: a day and two hours before. */
export const DEFAULT_TOUR_REMINDER_HOURS = [24, 2] as const;
export const MAX_TOUR_REMINDERS = 3;

/**
 * The company's tour settings (admins set them; `GET`/`PUT /api/settings/tours`): when the
 * reminders are texted, whether a no-show gets a 'Sorry we missed you' text with the lead's link,
 * and whether a tour nobody confirmed two hours before is released.
 */
export const companyTourSettingsSchema = z.object({
  /** Hours before a tour each reminder is texted (none to three, 1–168, each different). */
  reminderHours: z
    .array(z.number().int().min(1, 'at least 1 hour before').max(168, 'at most 7 days before'))
    .max(MAX_TOUR_REMINDERS, `at most ${MAX_TOUR_REMINDERS} reminders`)
    .refine((hours) => new Set(hours).size === hours.length, 'each reminder at a different time'),
  /** A no-show gets 'Sorry we missed you — pick another time' with the lead's link. Off by default. */
  noShowText: z.boolean(),
  /** A tour nobody confirmed 2 hours before it starts is released (cancelled, the lead told). */
  releaseUnconfirmed: z.boolean(),
});
export type CompanyTourSettings = z.infer<typeof companyTourSettingsSchema>;

export const DEFAULT_COMPANY_TOUR_SETTINGS: CompanyTourSettings = {
  reminderHours: [...DEFAULT_TOUR_REMINDER_HOURS],
  noShowText: false,
  releaseUnconfirmed: false,
};

/** How long before a tour an unconfirmed one shows in Today (and is released, when set). */
export const UNCONFIRMED_TOUR_HOURS = 2;
