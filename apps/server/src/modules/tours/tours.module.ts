import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { tourBookingRoutes } from './tour-booking.routes.js';
import { toursRoutes } from './tours.routes.js';

export type ToursModuleOptions = { now: Clock };

/** Tours: the calendar of scheduled tours, each property's availability, and booking. */
export const toursModule: FastifyPluginAsync<ToursModuleOptions> = async (app, { now }) => {
  await app.register(toursRoutes);
  await app.register(tourBookingRoutes, {
    deps: { db: app.database.db, events: app.events, now },
  });
};
