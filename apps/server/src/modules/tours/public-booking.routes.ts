import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  BOOKING_CODES_PER_IP_PER_HOUR,
  BOOKINGS_PER_IP_PER_HOUR,
  bookingCodeSentSchema,
  publicBookingCancelledSchema,
  publicBookingCancelSchema,
  publicBookingPageSchema,
  publicBookingParamsSchema,
  publicBookingQuerySchema,
  publicBookingRequestSchema,
  publicBookingResultSchema,
  requestBookingCodeSchema,
  tourSlotListSchema,
  tourSlotsQuerySchema,
} from '@leasing/contract';
import { HttpError } from '../../lib/errors.js';
import {
  bookPublicTour,
  cancelPublicTour,
  getPublicBookingPage,
  getPublicTourSlots,
  requestBookingCode,
  type PublicBookingDeps,
} from './public-booking.service.js';

/** Per network, an hour at a time; the phone's own limit is the service's. */
const perNetwork = (name: string, max: number, what: string) => ({
  max,
  timeWindow: '1 hour',
  keyGenerator: (request: { ip: string }) => `public-book:${name}:${request.ip}`,
  errorResponseBuilder: (_request: unknown, context: { after: string }) =>
    new HttpError(
      'RATE_LIMITED',
      `Too many ${what} from this network. Try again in ${context.after}.`,
    ),
});

/**
 * The public booking page's API (no sign-in): a property's tour types and free slots, a one-time
 * code by text, and the booking. Only what a prospect may see: the property's name, address, zone
 * and free times; a lead's link shows that lead's name and masked phone.
 */
export const publicBookingRoutes: FastifyPluginAsyncZod<{ deps: PublicBookingDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    apiRoutes.publicBooking,
    {
      schema: {
        params: publicBookingParamsSchema,
        querystring: publicBookingQuerySchema,
        response: { 200: publicBookingPageSchema },
      },
    },
    (request) => getPublicBookingPage(deps, request.params.propertyId, request.query.t),
  );

  app.get(
    apiRoutes.publicBookingSlots,
    {
      schema: {
        params: publicBookingParamsSchema,
        querystring: tourSlotsQuerySchema,
        response: { 200: tourSlotListSchema },
      },
    },
    (request) => getPublicTourSlots(deps, request.params.propertyId, request.query),
  );

  app.post(
    apiRoutes.publicBookingCode,
    {
      config: { rateLimit: perNetwork('code', BOOKING_CODES_PER_IP_PER_HOUR, 'codes') },
      schema: {
        params: publicBookingParamsSchema,
        body: requestBookingCodeSchema,
        response: { 200: bookingCodeSentSchema },
      },
    },
    (request) => requestBookingCode(deps, request.params.propertyId, request.body.phone),
  );

  app.post(
    apiRoutes.publicBooking,
    {
      config: { rateLimit: perNetwork('booking', BOOKINGS_PER_IP_PER_HOUR, 'bookings') },
      schema: {
        params: publicBookingParamsSchema,
        body: publicBookingRequestSchema,
        response: { 201: publicBookingResultSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await bookPublicTour(deps, request.params.propertyId, request.body)),
  );

  app.post(
    apiRoutes.publicBookingCancel,
    {
      config: { rateLimit: perNetwork('cancel', BOOKINGS_PER_IP_PER_HOUR, 'requests') },
      schema: {
        params: publicBookingParamsSchema,
        body: publicBookingCancelSchema,
        response: { 200: publicBookingCancelledSchema },
      },
    },
    (request) => cancelPublicTour(deps, request.params.propertyId, request.body.t),
  );
};
