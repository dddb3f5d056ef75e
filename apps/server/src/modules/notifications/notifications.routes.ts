import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  markNotificationsReadSchema,
  notificationPageSchema,
  notificationsQuerySchema,
  unreadCountSchema,
} from '@leasing/contract';
import type { Clock } from '../../lib/clock.js';
import { principalOf } from '../../lib/principal.js';
import { listNotifications, markNotificationsRead } from './notifications.service.js';

/** The bell: any signed-in staff user, and only ever their own notifications. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ now: Clock }> = async (app, { now }) => {
  app.addHook('onRequest', app.authenticate);
  const { db } = app.database;

  app.get(
    apiRoutes.notifications,
    {
      schema: { querystring: notificationsQuerySchema, response: { 200: notificationPageSchema } },
    },
    (request) => listNotifications(db, principalOf(request), request.query),
  );

  app.post(
    apiRoutes.notificationsRead,
    { schema: { body: markNotificationsReadSchema, response: { 200: unreadCountSchema } } },
    (request) => markNotificationsRead({ db, now }, principalOf(request), request.body.ids),
  );

  app.post(
    apiRoutes.notificationsReadAll,
    { schema: { response: { 200: unreadCountSchema } } },
    (request) => markNotificationsRead({ db, now }, principalOf(request)),
  );
};
