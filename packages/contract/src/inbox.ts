import { z } from 'zod';
import { isoDateSchema, pageOf } from './common.js';
import { leadLightsSchema } from './follow-ups.js';
import { leadSummarySchema } from './leads.js';
import { tourKindSchema } from './tour-booking.js';
import { inboxViewSchema } from './owners.js';
import { leadStatuses, type LeadStatus } from './workflow.js';

/** The channels a lead can be written to, for the inbox's icons and its channel filter. */
export const inboxChannels = ['SMS', 'EMAIL'] as const;
export const inboxChannelSchema = z.enum(inboxChannels);
export type InboxChannel = z.infer<typeof inboxChannelSchema>;

/**
 * The inbox's filters, any of them together: an open office decision, the lead spoke last
 * (needs our reply: not opted out on that channel, no follow-up pending), a message from the lead
 * this user has not opened yet, our newest message to the lead failed to send.
 */
export const inboxFilters = ['decision', 'awaiting', 'unread', 'failed'] as const;
export type InboxFilter = (typeof inboxFilters)[number];

const filterListPattern = new RegExp(
  `^(${inboxFilters.join('|')})(,(${inboxFilters.join('|')}))*$`,
);

const statusListPattern = new RegExp(
  `^(${leadStatuses.join('|')})(,(${leadStatuses.join('|')}))*$`,
);

/** The statuses a `status` query value names, each once. */
export const parseStatusList = (value: string | undefined): LeadStatus[] =>
  value ? [...new Set(value.split(',') as LeadStatus[])] : [];

export const inboxQuerySchema = z.object({
  /** One property of the user's company; all of them when left out. */
  propertyId: z.uuid().optional(),
  /** A name (contains), an email (with '@': starts with) or a phone number written any way. */
  search: z.string().trim().max(100).optional(),
  /** Comma-separated inbox filters, e.g. `decision,unread`. */
  filter: z
    .string()
    .regex(filterListPattern, `one or more of ${inboxFilters.join(', ')}, comma-separated`)
    .optional(),
  /** Comma-separated pipeline statuses, e.g. `NEW,CONTACTED`: only leads in one of them. */
  status: z
    .string()
    .regex(statusListPattern, `one or more of ${leadStatuses.join(', ')}, comma-separated`)
    .optional(),
  /** Only leads that can be written to on this channel. */
  channel: inboxChannelSchema.optional(),
  /** Whose leads: the caller's (`mine`), nobody's, the assistant's, or all (the default). */
  view: inboxViewSchema.default('all'),
  /** Only the leads of this person of the company (the team's workload lists them). */
  ownerId: z.uuid().optional(),
  cursor: z.string().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

/** The inbox's CSV export: the same narrowing as the list, every page of it. */
export const inboxExportQuerySchema = inboxQuerySchema.omit({ cursor: true, limit: true });
export type InboxExportQuery = z.infer<typeof inboxExportQuerySchema>;

/** The columns of the inbox's CSV export, in order; times are on the row's time zone (the property's). */
export const inboxCsvColumns = [
  'Lead',
  'Property',
  'Phone',
  'Email',
  'Status',
  'Source',
  'Owner',
  'Last message at',
  'Waiting since',
  'Time zone',
] as const;

/** The kinds of event the inbox previews as a lead's last message. */
export const inboxMessageTypes = ['SMS', 'EMAIL', 'CALL'] as const;

export const inboxItemSchema = leadSummarySchema.extend({
  propertyName: z.string(),
  /** The newest message (SMS, email or call) either way; null when there is none yet. */
  lastMessageAt: isoDateSchema.nullable(),
  lastMessageChannel: z.enum(inboxMessageTypes).nullable(),
  /** Its first words (at most 160 characters). */
  lastMessagePreview: z.string().nullable(),
  /** The lead spoke last: it waits for our reply. */
  awaitingReply: z.boolean(),
  /** An office decision is open: such leads head the inbox. */
  decisionOpen: z.boolean(),
  /** The lead wrote since this user last opened it. */
  unread: z.boolean(),
  /** Our newest message to the lead failed (the row's 'Failed' badge): retry it or reach them otherwise. */
  lastMessageFailed: z.boolean(),
  /** The channels the lead can be written to now (has the address, did not opt out, no bounce). */
  channels: z.array(inboxChannelSchema),
  /** The property's time zone (its own, else the company's): 'Tomorrow 9:00 AM' is in it. */
  propertyTimeZone: z.string(),
  lights: leadLightsSchema,
});
export type InboxItem = z.infer<typeof inboxItemSchema>;
export const inboxPageSchema = pageOf(inboxItemSchema);
export type InboxPage = z.infer<typeof inboxPageSchema>;

/** Tours between `from` (included) and `to` (excluded); at most 42 days, six calendar weeks. */
export const toursQuerySchema = z.object({ from: isoDateSchema, to: isoDateSchema });
export type ToursQuery = z.infer<typeof toursQuerySchema>;
export const TOURS_MAX_RANGE_DAYS = 42;

export const tourSchema = leadSummarySchema.extend({
  propertyName: z.string(),
  tourDateUTC: isoDateSchema,
  /** From the latest SCHEDULED_TOUR_APPOINTMENT event (IN_PERSON, SELF_GUIDED, ...), when known. */
  tourTypeID: z.string().nullable(),
  /** The property's time zone (its own, else the company's): the tour's time is on its clock. */
  propertyTimeZone: z.string(),
  /**
   * The tour as booked in the console (staff, the booking page, the lead's link or the
   * integration API): what 'Reschedule' moves. Null for a tour only the PMS reported.
   */
  booking: z
    .object({
      tourId: z.string(),
      type: tourKindSchema,
      end: isoDateSchema,
      /** The agent giving it, when one is named. */
      agent: z.object({ userId: z.string(), name: z.string() }).nullable(),
      /** The lead confirmed it (replied 'C' or 'yes', or staff recorded it). */
      confirmed: z.boolean(),
    })
    .nullable(),
});
export type Tour = z.infer<typeof tourSchema>;

export const tourListSchema = z.object({
  /**
   * IANA zone the calendar lays tours out in: one property's (its own, else the company's), or,
   * for every property, the company's.
   */
  timeZone: z.string(),
  /** Earliest first. */
  items: z.array(tourSchema),
});
export type TourList = z.infer<typeof tourListSchema>;
