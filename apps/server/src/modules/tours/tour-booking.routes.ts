import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  bookedTourSchema,
  bookingLinkSchema,
  bookTourRequestSchema,
  leadIdParamsSchema,
  propertyParamsSchema,
  propertyTourAvailabilitySchema,
  tourAvailabilitySchema,
  tourSlotListSchema,
  tourParamsSchema,
  tourSlotsQuerySchema,
  updateTourRequestSchema,
} from '@leasing/contract';
import { MANAGERS_ROUTE, principalOf, staffChange } from '../../lib/principal.js';
import { getCompanyLead } from '../lead/index.js';
import { bookingLinkOf } from './booking-link-token.js';
import {
  bookTour,
  cancelTour,
  getTourAvailability,
  getTourSlots,
  updateTour,
  updateTourAvailability,
  type TourBookingDeps,
} from './tour-booking.service.js';

/**
 * Tour availability (every staff member reads it; managers and admins change it), a property's
 * free slots, and booking, rescheduling, confirming and cancelling a lead's tour from the console.
 */
export const tourBookingRoutes: FastifyPluginAsyncZod<{
  deps: TourBookingDeps;
}> = async (app, { deps }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    apiRoutes.propertyTourAvailability,
    {
      schema: { params: propertyParamsSchema, response: { 200: propertyTourAvailabilitySchema } },
    },
    (request) =>
      getTourAvailability(deps.db, principalOf(request).companyId, request.params.propertyId),
  );

  app.put(
    apiRoutes.propertyTourAvailability,
    {
      config: MANAGERS_ROUTE,
      schema: {
        params: propertyParamsSchema,
        body: tourAvailabilitySchema,
        response: { 200: propertyTourAvailabilitySchema },
      },
    },
    (request) => {
      const { companyId, actor } = staffChange(request);
      return updateTourAvailability(
        deps,
        companyId,
        request.params.propertyId,
        request.body,
        actor,
      );
    },
  );

  app.get(
    apiRoutes.propertyTourSlots,
    {
      schema: {
        params: propertyParamsSchema,
        querystring: tourSlotsQuerySchema,
        response: { 200: tourSlotListSchema },
      },
    },
    (request) =>
      getTourSlots(deps, principalOf(request).companyId, request.params.propertyId, request.query),
  );

  app.post(
    apiRoutes.leadTours,
    {
      schema: {
        params: leadIdParamsSchema,
        body: bookTourRequestSchema,
        response: { 201: bookedTourSchema },
      },
    },
    async (request, reply) => {
      const { companyId, actor } = staffChange(request);
      const tour = await bookTour(deps, companyId, request.params.leadId, request.body, {
        actor,
        userId: principalOf(request).id,
        source: 'STAFF',
      });
      return reply.status(201).send(tour);
    },
  );

  // The lead's own booking page link: to send in a text or an email ('Send booking link').
  app.get(
    apiRoutes.leadBookingLink,
    { schema: { params: leadIdParamsSchema, response: { 200: bookingLinkSchema } } },
    async (request) => {
      const lead = await getCompanyLead(
        deps.db,
        principalOf(request).companyId,
        request.params.leadId,
      );
      return { url: await bookingLinkOf(deps.db, deps.texts.publicUrl, lead) };
    },
  );

  app.patch(
    apiRoutes.tour,
    {
      schema: {
        params: tourParamsSchema,
        body: updateTourRequestSchema,
        response: { 200: bookedTourSchema },
      },
    },
    (request) => {
      const { companyId, actor } = staffChange(request);
      return updateTour(deps, companyId, request.params.tourId, request.body, actor);
    },
  );

  app.delete(
    apiRoutes.tour,
    { schema: { params: tourParamsSchema, response: { 200: bookedTourSchema } } },
    (request) => {
      const { companyId, actor } = staffChange(request);
      return cancelTour(deps, companyId, request.params.tourId, actor);
    },
  );
};
