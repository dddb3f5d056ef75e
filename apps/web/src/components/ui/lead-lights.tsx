import type { LeadLights } from '@leasing/contract';
import { Badge } from '@mantine/core';
import { formatDateTime } from '../../lib/format-date';
import { formatFollowUp } from '../../lib/format-follow-up';

export type LeadLightBadgesProps = {
  lights: LeadLights;
  followUpAt: string | null;
  /** The property's zone: the follow-up reads "Thu 9:00 AM" in it. */
  timeZone: string;
  now: Date;
};

const speedColors = { ok: 'blue', amber: 'yellow', red: 'red' } as const;
const speedWords = { ok: '', amber: ' · reply due soon', red: ' · reply overdue' } as const;

/** "12 min", "3 h", "2 d": how long a lead has waited. */
export function formatWaiting(since: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(since)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h`;
  return `${Math.floor(minutes / 1440)} d`;
}

/**
 * A lead's lights as small badges with words (colour is never the only signal): waiting time
 * coloured by speed-to-lead, the follow-up (red when overdue), no contact in 48 hours.
 */
export function LeadLightBadges({ lights, followUpAt, timeZone, now }: LeadLightBadgesProps) {
  const speed = lights.speedToLead?.state ?? 'ok';
  return (
    <>
      {lights.needsReply && lights.waitingSince && (
        <Badge
          color={speedColors[speed]}
          variant={speed === 'ok' ? 'light' : 'filled'}
          size="sm"
          data-light="waiting"
          data-speed={speed}
          title={`Waiting for a reply since ${formatDateTime(lights.waitingSince)}${speedWords[speed]}`}
        >
          Waiting {formatWaiting(lights.waitingSince, now)}
        </Badge>
      )}
      {lights.needsReply && !lights.waitingSince && (
        <Badge color="blue" variant="light" size="sm" data-light="needs-reply">
          Needs reply
        </Badge>
      )}
      {followUpAt && (
        <Badge
          color={lights.followUpOverdue ? 'red' : 'gray'}
          variant={lights.followUpOverdue ? 'filled' : 'light'}
          size="sm"
          data-light="follow-up"
          data-overdue={lights.followUpOverdue || undefined}
        >
          {lights.followUpOverdue ? 'Overdue · ' : ''}Follow up{' '}
          {formatFollowUp(followUpAt, timeZone, now)}
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
