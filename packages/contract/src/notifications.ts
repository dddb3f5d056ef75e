import { z } from 'zod';
import { isoDateSchema } from './common.js';

/**
 * What a notification tells its one recipient: a lead was assigned to them, a lead they own wrote,
 * a follow-up came due, a new lead waited past the first-reply target, an office decision opened
 * on their lead, a lead paid a payment link.
 */
export const notificationKinds = [
  'assigned',
  'lead_wrote',
  'follow_up_due',
  'speed_to_lead',
  'decision_opened',
  'payment_received',
  'missed_call',
] as const;
export const notificationKindSchema = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

export const notificationSchema = z.object({
  _id: z.string(),
  kind: notificationKindSchema,
  /** One line, e.g. "Dana Whitfield assigned you Jordan Prospect". */
  title: z.string(),
  /** More of it when there is more (a message's text, a decision's question); else null. */
  body: z.string().nullable(),
  /** The lead it is about, with what opening its pane needs. */
  lead: z.object({
    _id: z.string(),
    name: z.string(),
    propertyID: z.string(),
    pmsLeadId: z.string(),
  }),
  createdAt: isoDateSchema,
  /** Null while unread. */
  readAt: isoDateSchema.nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({
  cursor: z.string().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

/** Newest first, keyset paged; `unreadCount` counts all of the user's unread ones, not this page's. */
export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
  unreadCount: z.number().int().nonnegative(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** Marks these of the caller's notifications read; ids of anyone else's change nothing. */
export const markNotificationsReadSchema = z.object({
  ids: z.array(z.uuid()).min(1).max(100),
});
export type MarkNotificationsRead = z.infer<typeof markNotificationsReadSchema>;

export const unreadCountSchema = z.object({ unreadCount: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
