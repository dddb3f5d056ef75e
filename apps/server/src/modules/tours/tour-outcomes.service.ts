import type { TourOutcome } from '@leasing/contract';
import { domainEvent, type Actor } from '../../events/domain-events.js';
import type { RecordingScope } from '../../events/event-port.js';
import { getCompanyProperty } from '../company/index.js';
import { lockLead } from '../lead/index.js';
import { bookingLinkOf } from './booking-link-token.js';
import { lockStartedTourOfLead, setTourOutcome } from './tour-booking.repository.js';
import { tourSettingsOf } from './tour-settings.service.js';
import { textLeadAboutTour, type TourTextsDeps } from './tour-texts.service.js';

/** The no-show text: the lead's link to pick another time. */
export const noShowTextOf = (propertyName: string, link: string) =>
  `Sorry we missed you at ${propertyName} today — pick another time for your tour here: ${link}`;

/**
 * A person recorded how a past tour went ('Toured' or 'No-show' in the pane), in that change's
 * transaction: the lead's tour that has started is completed or marked a no-show, which is the
 * `tour.completed` webhook. When the company has the no-show text on, a no-show gets 'Sorry we
 * missed you' with the lead's link, through the send window (quiet hours hold it) and never to an
 * opted-out number. A lead whose tour came from the PMS (no booked tour) has nothing to mark.
 */
export const applyTourOutcome = async (
  deps: TourTextsDeps,
  scope: RecordingScope,
  change: { companyId: string; leadId: string; tourOutcome: TourOutcome; actor: Actor },
  now: Date,
): Promise<void> => {
  const tour = await lockStartedTourOfLead(scope.db, change.leadId, now);
  if (!tour || tour.companyId !== change.companyId) return;
  const done = await setTourOutcome(
    scope.db,
    tour.id,
    change.tourOutcome === 'TOURED' ? 'COMPLETED' : 'NO_SHOW',
    now,
  );
  scope.record(
    domainEvent('tour.completed', {
      companyId: done.companyId,
      leadId: done.leadId,
      tourId: done.id,
      start: done.startsAt.toISOString(),
      kind: done.kind,
      outcome: change.tourOutcome,
      actor: change.actor,
    }),
  );
  if (change.tourOutcome !== 'NO_SHOW') return;
  if (!(await tourSettingsOf(scope.db, done.companyId)).noShowText) return;
  const lead = await lockLead(scope.db, done.leadId);
  if (!lead) return;
  const property = await getCompanyProperty(scope.db, lead.companyId, done.propertyId);
  await textLeadAboutTour(
    deps,
    scope,
    lead,
    {
      body: noShowTextOf(property.name, await bookingLinkOf(scope.db, deps.publicUrl, lead)),
      senderName: 'No-show text',
      tourId: done.id,
      tourText: 'no-show',
    },
    now,
  );
};
