import type PgBoss from 'pg-boss';
import type { LeadRow, PropertyRow } from '../../db/schema/index.js';
import type { RecordingScope } from '../../events/event-port.js';
import { formatZoneName } from '../../lib/format-zoned.js';
import { cancelScheduledTourTexts, insertAndEnqueue } from '../messaging/index.js';
import { isOptedOutAddress } from '../lead/index.js';
import type { TourRow } from './tour-booking.repository.js';

/** What the tour's texts need: the send queue, as every message's. */
export type TourTextsDeps = { queue: PgBoss; jobExpireSeconds: number };

/** Reminders before a tour, in hours (the company setting comes with the reminders' replies). */
export const TOUR_REMINDER_HOURS = [24, 2] as const;

const HOUR_MS = 3_600_000;

/** 'Tue, Dec 1 at 10:30 AM' on the property's clock. */
const whenOf = (start: Date, timeZone: string) => {
  const day = start.toLocaleDateString('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  });
  const time = start
    .toLocaleTimeString('en-US', { timeZone, hour: 'numeric', minute: '2-digit' })
    .replace(/[\u202f\u00a0]/g, ' ');
  return `${day} at ${time}`;
};

/** The texts' words, in the lead's language of the future; English today. */
export const tourTextOf = (
  what: 'confirmation' | 'reminder',
  tour: Pick<TourRow, 'startsAt'>,
  place: { propertyName: string; address: string | null; timeZone: string },
  hoursBefore?: number,
) => {
  const when = `${whenOf(tour.startsAt, place.timeZone)} (${formatZoneName(place.timeZone, tour.startsAt)} time)`;
  const where = place.address ? ` at ${place.address}` : '';
  if (what === 'confirmation') {
    return `Your tour of ${place.propertyName} is booked for ${when}${where}. Reply C to confirm, R to reschedule or CANCEL TOUR to cancel.`;
  }
  const soon =
    hoursBefore === undefined
      ? 'coming up'
      : hoursBefore >= 20
        ? 'tomorrow'
        : `in ${hoursBefore} hours`;
  return `Reminder: your tour of ${place.propertyName} is ${soon}, ${when}${where}. Reply C to confirm, R to reschedule or CANCEL TOUR to cancel.`;
};

/**
 * A tour's texts, in the booking's transaction: the confirmation at once and a reminder
 * `TOUR_REMINDER_HOURS` before (those still ahead), each a scheduled text of the timeline. They
 * leave through the send gate like any scheduled message — the opt-out register and the lead's
 * quiet hours at the moment they leave (a reminder held past the tour's start is not sent), each
 * once, whatever restarts — and a lead's reply does not cancel them. A lead without a phone, or
 * whose number opted out, gets none.
 */
export const scheduleTourTexts = async (
  deps: TourTextsDeps,
  scope: RecordingScope,
  lead: LeadRow,
  tour: TourRow,
  place: { property: PropertyRow; timeZone: string },
  now: Date,
): Promise<void> => {
  if (!lead.phone || lead.phoneOptStatus === 'OPT_OUT') return;
  if (await isOptedOutAddress(scope.db, lead.companyId, 'SMS', lead.phone)) return;
  const words = {
    propertyName: place.property.name,
    address: place.property.address,
    timeZone: place.timeZone,
  };
  const texts = [
    { what: 'confirmation' as const, at: now, body: tourTextOf('confirmation', tour, words) },
    ...TOUR_REMINDER_HOURS.map((hours) => ({
      what: 'reminder' as const,
      at: new Date(tour.startsAt.getTime() - hours * HOUR_MS),
      body: tourTextOf('reminder', tour, words, hours),
    })).filter((text) => text.at.getTime() > now.getTime()),
  ];
  for (const text of texts) {
    await insertAndEnqueue(
      deps,
      scope,
      lead,
      {
        eventType: 'SMS',
        body: text.body,
        senderType: 'SYSTEM',
        senderName: text.what === 'confirmation' ? 'Tour confirmation' : 'Tour reminder',
        data: {
          tourId: tour.id,
          tourText: text.what,
          expiresAt: tour.startsAt.toISOString(),
        },
      },
      {
        actor: { kind: 'system' },
        quietHours: 'send-window',
        schedule: { at: text.at, keepIfLeadReplies: true },
      },
    );
  }
};

/** A tour moved or cancelled: its texts not sent yet are cancelled (a move schedules new ones). */
export const cancelTourTexts = (scope: RecordingScope, tour: Pick<TourRow, 'id' | 'leadId'>) =>
  cancelScheduledTourTexts(scope, tour.leadId, tour.id);
