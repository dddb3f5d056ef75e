import { z } from 'zod';
import { inboxItemSchema } from './inbox.js';

/** Why a lead is on the signed-in person's Today list, most urgent first. */
export const todayReasons = [
  'decision',
  'tour_unconfirmed',
  'follow_up_due',
  'needs_reply',
  'tour_today',
] as const;
export const todayReasonSchema = z.enum(todayReasons);
export type TodayReason = z.infer<typeof todayReasonSchema>;

export const todayReasonLabels: Record<TodayReason, string> = {
  decision: 'Decision pending',
  tour_unconfirmed: 'Tour not confirmed',
  follow_up_due: 'Follow-up due',
  needs_reply: 'Needs reply',
  tour_today: 'Tour today',
};

export const todayItemSchema = inboxItemSchema.extend({
  /** Every reason the lead needs action now, most urgent first. */
  reasons: z.array(todayReasonSchema).min(1),
});
export type TodayItem = z.infer<typeof todayItemSchema>;

/** `GET /api/today`: the caller's leads that need action now, most urgent first. */
export const todaySchema = z.object({
  items: z.array(todayItemSchema),
  /** How many leads have each reason (a lead with two counts in both), and in all. */
  counts: z.object({
    total: z.number().int(),
    decision: z.number().int(),
    /** A booked tour within 2 hours that the lead has not confirmed. */
    tour_unconfirmed: z.number().int(),
    follow_up_due: z.number().int(),
    needs_reply: z.number().int(),
    tour_today: z.number().int(),
  }),
  /** The list stops at this many leads; `counts` count them all. */
  limit: z.number().int(),
});
export type Today = z.infer<typeof todaySchema>;
