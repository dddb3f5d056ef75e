import { UNCONFIRMED_TOUR_HOURS } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../events/domain-events.js';
import type { EventPort } from '../../events/event-port.js';
import type { Clock } from '../../lib/clock.js';
import { getCompanyProperty } from '../company/index.js';
import { lockLead } from '../lead/index.js';
import { bookingLinkOf } from './booking-link-token.js';
import { findTour, findUnconfirmedToursToRelease, lockTour } from './tour-booking.repository.js';
import { cancelTourIn } from './tour-booking.service.js';
import { tourSettingsOf } from './tour-settings.service.js';
import { textLeadAboutTour, type TourTextsDeps } from './tour-texts.service.js';
import { whenOf } from './tour-words.js';

export type TourReleaseDeps = { db: Db; events: EventPort; now: Clock; texts: TourTextsDeps };

const RELEASED_BY: Actor = { kind: 'system' };

/** The lead is told their tour went, with the link to book another time. */
export const releasedTextOf = (propertyName: string, when: string, link: string) =>
  `We didn't hear back, so your tour of ${propertyName} on ${when} was released. To book another time: ${link}`;

/**
 * Releases the tours nobody confirmed `UNCONFIRMED_TOUR_HOURS` before they start, in the
 * companies whose admins chose it: each is cancelled as staff cancel one (its place freed, its
 * texts not sent cancelled, the timeline, Contacted, the webhook, the email) and the lead is texted
 * the link to book another time. A tour booked inside that window is never released (it was just
 * chosen). Each tour in a transaction of its own, checked again under its lock, so every process
 * may sweep and a tour is released once. Answers how many were released.
 */
export const releaseUnconfirmedTours = async (deps: TourReleaseDeps): Promise<number> => {
  const candidates = await findUnconfirmedToursToRelease(
    deps.db,
    deps.now(),
    UNCONFIRMED_TOUR_HOURS,
  );
  let released = 0;
  for (const { id } of candidates) {
    const done = await deps.events.transaction(async (scope) => {
      const now = deps.now();
      // The lead first, then the tour: the order every change of a tour locks them in.
      const seen = await findTour(scope.db, id);
      if (!seen) return false;
      const lead = await lockLead(scope.db, seen.leadId);
      const tour = await lockTour(scope.db, id);
      if (!lead || !tour || tour.status !== 'SCHEDULED' || tour.confirmedAt) return false;
      if (!(await tourSettingsOf(scope.db, tour.companyId)).releaseUnconfirmed) return false;
      const cancelled = await cancelTourIn(
        deps.texts,
        scope,
        now,
        tour.companyId,
        tour.id,
        RELEASED_BY,
      );
      const property = await getCompanyProperty(scope.db, tour.companyId, tour.propertyId);
      await textLeadAboutTour(
        deps.texts,
        scope,
        lead,
        {
          body: releasedTextOf(
            property.name,
            whenOf(tour.startsAt, cancelled.timeZone),
            await bookingLinkOf(scope.db, deps.texts.publicUrl, lead),
          ),
          senderName: 'Tour released',
          tourId: tour.id,
          tourText: 'released',
        },
        now,
      );
      return true;
    });
    if (done) released += 1;
  }
  return released;
};
