import { z } from 'zod';
import { isoDateSchema } from './common.js';

/**
 * A staff member's tour calendar feed: an iCalendar URL with a secret token that Google, Outlook
 * or Apple calendars subscribe to. Only the token's hash is kept, so the URL is shown once, when it
 * is made; renewing makes a new one and the old stops working.
 */
export const tourCalendarFeedSchema = z.object({
  /** Whether a feed URL works now. */
  active: z.boolean(),
  /** When the working URL was made. */
  createdAt: isoDateSchema.nullable(),
  /** The URL itself: only in the answer that made it. */
  url: z.string().nullable(),
});
export type TourCalendarFeed = z.infer<typeof tourCalendarFeedSchema>;

/** The feed covers tours from this many days back to this many ahead. */
export const TOUR_CALENDAR_DAYS_BACK = 30;
export const TOUR_CALENDAR_DAYS_AHEAD = 120;
