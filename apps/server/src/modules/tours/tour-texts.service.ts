import type { LeadRow, PropertyRow } from '../../db/schema/index.js';
import type { RecordingScope } from '../../events/event-port.js';
import { formatZoneName } from '../../lib/format-zoned.js';
import { cancelScheduledTourTexts, insertAndEnqueue } from '../messaging/index.js';
import { canTextLead } from '../lead/index.js';
import { bookingLinkOf } from './booking-link-token.js';
import type { TourRow } from './tour-booking.repository.js';
import type { TourEmailDeps } from './tour-email.service.js';
import { tourSettingsOf } from './tour-settings.service.js';
import { whenOf } from './tour-words.js';

/**
 * What the tour's texts and emails need: the send queue, as every message's, the console's URL
 * (the lead's link) and the media storage (the email's invitation).
 */
export type TourTextsDeps = TourEmailDeps;

const HOUR_MS = 3_600_000;

/** How far ahead the tour is, as a reminder says it: 'in 2 hours', 'tomorrow', 'in 3 days'. */
const soonOf = (hoursBefore: number | undefined) => {
  if (hoursBefore === undefined) return 'coming up';
  if (hoursBefore === 1) return 'in 1 hour';
  if (hoursBefore < 20) return `in ${hoursBefore} hours`;
  if (hoursBefore < 36) return 'tomorrow';
  return `in ${Math.round(hoursBefore / 24)} days`;
};

/** The texts' words, in the lead's language of the future; English today. */
export const tourTextOf = (
  what: 'confirmation' | 'reminder',
  tour: Pick<TourRow, 'startsAt'>,
  place: { propertyName: string; address: string | null; timeZone: string },
  hoursBefore?: number,
  link?: string,
) => {
  const when = `${whenOf(tour.startsAt, place.timeZone)} (${formatZoneName(place.timeZone, tour.startsAt)} time)`;
  const where = place.address ? ` at ${place.address}` : '';
  if (what === 'confirmation') {
    const change = link
      ? ` To reschedule or cancel: ${link}`
      : ' Reply R to reschedule or CANCEL TOUR to cancel.';
    return `Your tour of ${place.propertyName} is booked for ${when}${where}. Reply C to confirm.${change}`;
  }
  const soon = soonOf(hoursBefore);
  return `Reminder: your tour of ${place.propertyName} is ${soon}, ${when}${where}. Reply C to confirm, R to reschedule or CANCEL TOUR to cancel.`;
};

/**
 * A tour's texts, in the booking's transaction: the confirmation at once and a reminder at each of
 * the company's reminder times before (`reminderHours`, 24 and 2 by default; those still ahead), each a scheduled text of the timeline. They
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
  if (!(await canTextLead(scope.db, lead))) return;
  const words = {
    propertyName: place.property.name,
    address: place.property.address,
    timeZone: place.timeZone,
  };
  const link = await bookingLinkOf(scope.db, deps.publicUrl, lead);
  const texts = [
    {
      what: 'confirmation' as const,
      at: now,
      body: tourTextOf('confirmation', tour, words, undefined, link),
    },
    ...(await tourSettingsOf(scope.db, lead.companyId)).reminderHours
      .map((hours) => ({
        what: 'reminder' as const,
        at: new Date(tour.startsAt.getTime() - hours * HOUR_MS),
        body: tourTextOf('reminder', tour, words, hours),
      }))
      .filter((text) => text.at.getTime() > now.getTime()),
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

/**
 * An automatic text about the lead's tour ('No-show text', 'Tour released'), leaving now through
 * the send window (quiet hours hold it to their edge), to a lead who can be texted; nothing
 * otherwise.
 */
export const textLeadAboutTour = async (
  deps: TourTextsDeps,
  scope: RecordingScope,
  lead: LeadRow,
  text: { body: string; senderName: string; tourId: string; tourText: 'no-show' | 'released' },
  now: Date,
): Promise<void> => {
  if (!(await canTextLead(scope.db, lead))) return;
  await insertAndEnqueue(
    deps,
    scope,
    lead,
    {
      eventType: 'SMS',
      body: text.body,
      senderType: 'SYSTEM',
      senderName: text.senderName,
      data: { tourId: text.tourId, tourText: text.tourText },
    },
    {
      actor: { kind: 'system' },
      quietHours: 'send-window',
      schedule: { at: now, keepIfLeadReplies: false },
    },
  );
};

/** A tour moved or cancelled: its texts not sent yet are cancelled (a move schedules new ones). */
export const cancelTourTexts = (scope: RecordingScope, tour: Pick<TourRow, 'id' | 'leadId'>) =>
  cancelScheduledTourTexts(scope, tour.leadId, tour.id);
