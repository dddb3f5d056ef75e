/**
 * Facts inbound messages carry in their open `data`. The contract does not type them yet, so they
 * are read defensively: an event without them, or with a shape not understood, shows without them.
 */
import type { ConversationEvent } from '@leasing/contract';
import { z } from 'zod';

const optStatusChangeSchema = z.object({
  channel: z.literal('phone'),
  status: z.enum(['OPT_OUT', 'OPT_IN']),
});

/** What a mail server's delivery report (a bounce) says about the recipient it reports on. */
const bounceSchema = z.object({
  recipient: z.string().nullish(),
  /** `failed`, `delayed`, `delivered`, `relayed` or `expanded`. */
  action: z.string().nullish(),
  /** Enhanced status code, `5.1.1`. */
  status: z.string().nullish(),
  /** The remote server's own words, `550 5.1.1 User unknown`. */
  diagnostic: z.string().nullish(),
});
export type Bounce = z.infer<typeof bounceSchema>;

/** The lead's text changed whether they accept texts: STOP, or START after it. */
export function readOptStatusChange(event: ConversationEvent): 'OPT_OUT' | 'OPT_IN' | null {
  const parsed = optStatusChangeSchema.safeParse(event.data.optStatusChange);
  return parsed.success ? parsed.data.status : null;
}

/**
 * Images still loading: an MMS's being fetched from the carrier, an email's waiting for their
 * thumbnails (shown as files to download until then).
 */
export function countPendingMedia(event: ConversationEvent): number {
  const { pendingMedia, pendingThumbnails } = event.data;
  return (
    (Array.isArray(pendingMedia) ? pendingMedia.length : 0) +
    (Array.isArray(pendingThumbnails) ? pendingThumbnails.length : 0)
  );
}

/** An email a program sent (an out-of-office reply, a bounce), not the lead. */
export function isAutoSubmitted(event: ConversationEvent): boolean {
  return event.data.autoSubmitted === true;
}

/** The delivery report of a mail server's email about one of ours; null for any other email. */
export function readBounce(event: ConversationEvent): Bounce | null {
  if (event.eventType !== 'EMAIL' || event.senderType !== 'SYSTEM') return null;
  const parsed = bounceSchema.safeParse(event.data.bounce);
  return parsed.success ? parsed.data : null;
}

/** 'Email to a@b.example bounced: 550 5.1.1 User unknown', or a delay, in the same words. */
export function describeBounce(bounce: Bounce): string {
  const what = bounce.recipient ? `Email to ${bounce.recipient}` : 'Email';
  const reason =
    bounce.diagnostic ??
    (bounce.status
      ? `the receiving mail server answered status ${bounce.status}`
      : 'the receiving mail server refused it');
  if (bounce.action === 'delayed') return `${what} is delayed: ${reason}`;
  if (bounce.action && bounce.action !== 'failed') return `${what}: ${bounce.action}`;
  return `${what} bounced: ${reason}`;
}
