import type { LeadLights, SpeedToLead } from '@leasing/contract';
import { Badge, VisuallyHidden } from '@mantine/core';
import { IconAlarm } from '@tabler/icons-react';
import { formatDateTime } from '../../lib/format-date';
import { formatFollowUp } from '../../lib/format-follow-up';

type SpeedToLeadState = SpeedToLead['state'];

export type LeadLightBadgesProps = {
  lights: LeadLights;
  followUpAt: string | null;
  /** The property's zone: the follow-up reads "Thu 9:00 AM" in it. */
  timeZone: string;
  now: Date;
  /**
   * A list row's narrow line: the follow-up shows an alarm clock and its time ("Sat 9:00 AM"), its
   * words kept for screen readers and the tooltip, so a badge never has to be cut mid-word.
   */
  compact?: boolean;
};

/**
 * The colour of a lead's waiting time: red only once the company's first-reply target has passed,
 * yellow in its last 20 %, neutral before. A lead that has waited long is not alarming by itself.
 */
export const waitingColors: Record<SpeedToLeadState, string> = {
  ok: 'gray',
  amber: 'yellow',
  red: 'red',
};
const speedWords: Record<SpeedToLeadState, string> = {
  ok: '',
  amber: ' · reply due soon',
  red: ' · past the reply target',
};

/** The one name of the state, everywhere: the inbox filter, Today's section and the badge. */
export const NEEDS_REPLY_LABEL = 'Needs reply';

/** "12 min", "3 h", "2 d": how long a lead has waited. */
export function formatWaiting(since: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(since)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h`;
  return `${Math.floor(minutes / 1440)} d`;
}

/**
 * A lead's lights as small badges with words (colour is never the only signal): 'Needs reply' with
 * how long, coloured by speed-to-lead; the follow-up (red when overdue); no contact in 48 hours.
 */
export function LeadLightBadges({
  lights,
  followUpAt,
  timeZone,
  now,
  compact = false,
}: LeadLightBadgesProps) {
  const speed = lights.speedToLead?.state ?? 'ok';
  const followUpTime = followUpAt ? formatFollowUp(followUpAt, timeZone, now) : null;
  const overdue = lights.followUpOverdue ? 'Overdue · ' : '';
  return (
    <>
      {lights.needsReply && lights.waitingSince && (
        <Badge
          color={waitingColors[speed]}
          variant={speed === 'red' ? 'filled' : 'light'}
          size="sm"
          data-light="waiting"
          data-speed={speed}
          title={`Needs a reply since ${formatDateTime(lights.waitingSince)}${speedWords[speed]}`}
        >
          {NEEDS_REPLY_LABEL} · {formatWaiting(lights.waitingSince, now)}
        </Badge>
      )}
      {lights.needsReply && !lights.waitingSince && (
        <Badge color="gray" variant="light" size="sm" data-light="needs-reply">
          {NEEDS_REPLY_LABEL}
        </Badge>
      )}
      {followUpTime && (
        <Badge
          color={lights.followUpOverdue ? 'red' : 'gray'}
          variant={lights.followUpOverdue ? 'filled' : 'light'}
          size="sm"
          data-light="follow-up"
          data-overdue={lights.followUpOverdue || undefined}
          title={`${overdue}Follow up ${followUpTime}`}
          leftSection={compact ? <IconAlarm size={11} stroke={2} aria-hidden /> : undefined}
        >
          {overdue}
          {compact ? <VisuallyHidden>Follow up </VisuallyHidden> : 'Follow up '}
          {followUpTime}
        </Badge>
      )}
      {lights.noContact48h && (
        <Badge color="gray" variant="outline" size="sm" data-light="no-contact">
          No contact 48h
        </Badge>
      )}
    </>
  );
}
