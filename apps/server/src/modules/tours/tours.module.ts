import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { sweepEvery } from '../../lib/sweep.js';
import type { SmsProvider } from '../../providers/sms-provider.js';
import type { MediaStorage } from '../messaging/index.js';
import { publicBookingRoutes } from './public-booking.routes.js';
import { applyTourOutcome } from './tour-outcomes.service.js';
import { releaseUnconfirmedTours } from './tour-release.service.js';
import { applyTourReply } from './tour-replies.service.js';
import { tourBookingRoutes } from './tour-booking.routes.js';
import type { TourBookingDeps } from './tour-booking.service.js';
import { tourSettingsRoutes } from './tour-settings.routes.js';
import { myTourCalendarRoutes, tourCalendarFeedRoutes } from './tour-calendar-feed.routes.js';
import { toursRoutes } from './tours.routes.js';

export type ToursModuleOptions = {
  now: Clock;
  sms: SmsProvider;
  storage: MediaStorage;
  /** How often this process looks for unconfirmed tours to release. */
  releaseSweepMs: number;
};

/** What booking, moving and cancelling a tour need (this module's routes and the integration API's). */
export const tourBookingDepsOf = (
  app: FastifyInstance,
  now: Clock,
  storage: MediaStorage,
): TourBookingDeps => ({
  db: app.database.db,
  events: app.events,
  now,
  texts: {
    queue: app.queue,
    jobExpireSeconds: app.config.messaging.sendJobExpireSeconds,
    publicUrl: app.config.publicUrl,
    storage,
  },
});

/**
 * Tours: the calendar of scheduled tours, each property's availability, booking by staff, and the
 * public booking page's API.
 */
export const toursModule: FastifyPluginAsync<ToursModuleOptions> = async (
  app,
  { now, sms, storage, releaseSweepMs },
) => {
  const deps = tourBookingDepsOf(app, now, storage);
  // A lead's answer to a tour's text ('C', 'R', 'cancel'), in the transaction that stored it.
  app.events.subscribeInTransaction('message.received', 'tour-replies', async (event, scope) => {
    if (event.channel !== 'SMS') return;
    await applyTourReply(deps.texts, scope, event, now());
  });
  // 'Toured' / 'No-show' recorded in the pane: the booked tour's outcome (and the no-show text).
  app.events.subscribeInTransaction(
    'lead.status_changed',
    'tour-outcomes',
    async (event, scope) => {
      if (!event.tourOutcome) return;
      await applyTourOutcome(
        deps.texts,
        scope,
        { ...event, tourOutcome: event.tourOutcome },
        now(),
      );
    },
  );
  await app.register(toursRoutes);
  await app.register(tourSettingsRoutes, { deps });
  const calendarDeps = { ...deps, publicUrl: deps.texts.publicUrl };
  await app.register(myTourCalendarRoutes, { deps: calendarDeps });
  await app.register(tourCalendarFeedRoutes, { deps: calendarDeps });
  await app.register(tourBookingRoutes, { deps });
  await app.register(publicBookingRoutes, {
    deps: { ...deps, sms: { db: deps.db, config: app.config, sms } },
  });

  // Tours nobody confirmed two hours before, where the company releases them. Every process
  // sweeps; each tour's lock makes a release happen once.
  sweepEvery(app, releaseSweepMs, 'unconfirmed tour sweep', () => releaseUnconfirmedTours(deps));
};
