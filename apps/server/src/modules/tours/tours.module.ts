import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import type { SmsProvider } from '../../providers/sms-provider.js';
import { publicBookingRoutes } from './public-booking.routes.js';
import { applyTourReply } from './tour-replies.service.js';
import { tourBookingRoutes } from './tour-booking.routes.js';
import { toursRoutes } from './tours.routes.js';

export type ToursModuleOptions = { now: Clock; sms: SmsProvider };

/**
 * Tours: the calendar of scheduled tours, each property's availability, booking by staff, and the
 * public booking page's API.
 */
export const toursModule: FastifyPluginAsync<ToursModuleOptions> = async (app, { now, sms }) => {
  const deps = {
    db: app.database.db,
    events: app.events,
    now,
    texts: { queue: app.queue, jobExpireSeconds: app.config.messaging.sendJobExpireSeconds },
  };
  // A lead's answer to a tour's text ('C', 'R', 'cancel'), in the transaction that stored it.
  app.events.subscribeInTransaction('message.received', 'tour-replies', async (event, scope) => {
    if (event.channel !== 'SMS') return;
    await applyTourReply({ ...deps.texts, publicUrl: app.config.publicUrl }, scope, event, now());
  });
  await app.register(toursRoutes);
  await app.register(tourBookingRoutes, { deps: { ...deps, publicUrl: app.config.publicUrl } });
  await app.register(publicBookingRoutes, {
    deps: { ...deps, sms: { db: deps.db, config: app.config, sms } },
  });
};
