import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes, secretParam, tourCalendarFeedSchema } from '@leasing/contract';
import { HttpError } from '../../lib/errors.js';
import { principalOf, staffChange } from '../../lib/principal.js';
import {
  getTourCalendarFeed,
  renewTourCalendarFeed,
  tourCalendarOf,
  turnOffTourCalendarFeed,
  type TourCalendarDeps,
} from './tour-calendar-feed.service.js';

/** The signed-in person's own tour calendar feed: whether it works, make or renew it, turn it off. */
export const myTourCalendarRoutes: FastifyPluginAsyncZod<{ deps: TourCalendarDeps }> = async (
  app,
  { deps },
) => {
  app.addHook('onRequest', app.authenticate);
  const mine = (request: FastifyRequest) => {
    const principal = principalOf(request);
    return { companyId: principal.companyId, userId: principal.id };
  };

  app.get(
    apiRoutes.myTourCalendar,
    { schema: { response: { 200: tourCalendarFeedSchema } } },
    (request) => getTourCalendarFeed(deps.db, mine(request).userId),
  );
  app.post(
    apiRoutes.myTourCalendar,
    { schema: { response: { 201: tourCalendarFeedSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await renewTourCalendarFeed(deps, mine(request), staffChange(request).actor)),
  );
  app.delete(
    apiRoutes.myTourCalendar,
    { schema: { response: { 200: tourCalendarFeedSchema } } },
    (request) => turnOffTourCalendarFeed(deps, mine(request), staffChange(request).actor),
  );
};

/**
 * The feed itself, for calendar apps (no sign-in: the token in the path is the credential, kept
 * out of the logs). An unknown, renewed or turned-off token is 404.
 */
export const tourCalendarFeedRoutes: FastifyPluginAsyncZod<{ deps: TourCalendarDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    apiRoutes.tourCalendarFeed,
    {
      schema: {
        params: z.object({ file: secretParam(z.string().regex(/^[A-Za-z0-9_-]{43}\.ics$/)) }),
      },
    },
    async (request, reply) => {
      const calendar = await tourCalendarOf(deps, request.params.file.replace(/\.ics$/, ''));
      if (calendar === undefined) {
        throw new HttpError(
          'NOT_FOUND',
          'This calendar link is not valid: make a new one in the console.',
        );
      }
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(calendar);
    },
  );
};
