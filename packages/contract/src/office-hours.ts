import { z } from 'zod';

/** Monday first, as the settings page lists them. */
export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof weekdays)[number];
export const weekdayLabels: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time as HH:MM (00:00–23:59)');

/** One day's opening hours in the property's zone; null: closed that day. */
export const dayHoursSchema = z
  .object({ open: clockTime, close: clockTime })
  .refine((day) => day.open < day.close, { message: 'must close after it opens', path: ['close'] })
  .nullable();
export type DayHours = z.infer<typeof dayHoursSchema>;

export const weekHoursSchema = z
  .object({
    mon: dayHoursSchema,
    tue: dayHoursSchema,
    wed: dayHoursSchema,
    thu: dayHoursSchema,
    fri: dayHoursSchema,
    sat: dayHoursSchema,
    sun: dayHoursSchema,
  })
  .refine((week) => Object.values(week).some(Boolean), {
    message: 'open on at least one day',
    path: ['mon'],
  });
export type WeekHours = z.infer<typeof weekHoursSchema>;

/** 9:00–18:00 Monday to Saturday, closed on Sunday. */
export const DEFAULT_WEEK_HOURS: WeekHours = {
  mon: { open: '09:00', close: '18:00' },
  tue: { open: '09:00', close: '18:00' },
  wed: { open: '09:00', close: '18:00' },
  thu: { open: '09:00', close: '18:00' },
  fri: { open: '09:00', close: '18:00' },
  sat: { open: '09:00', close: '18:00' },
  sun: null,
};

export const DEFAULT_FIRST_REPLY_TARGET_MINUTES = 15;
/** Past this share of the target a waiting row turns amber. */
export const SPEED_TO_LEAD_AMBER_SHARE = 0.8;

/** An IANA zone name the runtime knows (e.g. `America/Chicago`). */
export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'an IANA time zone such as America/Chicago' },
  );

export const propertyOfficeHoursSchema = z.object({
  propertyId: z.string(),
  name: z.string(),
  /** The zone the hours are in: the property's own, else the company's. */
  timeZone: z.string(),
  /** The property's own zone; null: it uses the company's. */
  ownTimeZone: z.string().nullable(),
  hours: weekHoursSchema,
});
export type PropertyOfficeHours = z.infer<typeof propertyOfficeHoursSchema>;

/** `GET /api/settings/office-hours` (admins). */
export const officeHoursSettingsSchema = z.object({
  firstReplyTargetMinutes: z.number().int(),
  companyTimeZone: z.string(),
  properties: z.array(propertyOfficeHoursSchema),
});
export type OfficeHoursSettings = z.infer<typeof officeHoursSettingsSchema>;

/** `PUT /api/settings/response-target` (admins). */
export const responseTargetUpdateSchema = z.object({
  firstReplyTargetMinutes: z.number().int().min(1).max(1440),
});
export type ResponseTargetUpdate = z.infer<typeof responseTargetUpdateSchema>;

/** `PUT /api/properties/:propertyId/office-hours` (admins). */
export const propertyOfficeHoursUpdateSchema = z.object({
  /** Null: use the company's zone. */
  timeZone: timeZoneSchema.nullable(),
  hours: weekHoursSchema,
});
export type PropertyOfficeHoursUpdate = z.infer<typeof propertyOfficeHoursUpdateSchema>;
