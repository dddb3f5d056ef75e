import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import {
  apiErrorSchema,
  apiRoutes,
  type ApiKeyScope,
  integrationAccessLinkSchema,
  integrationEventSchema,
  integrationLeadParamsSchema,
  integrationLeadSchema,
  integrationPropertyParamsSchema,
  integrationPropertySchema,
  integrationStatusRequestSchema,
  leadStatusResponseSchema,
  followUpQuerySchema,
  followUpReportSchema,
  funnelQuerySchema,
  funnelReportSchema,
  reportExportQuerySchema,
  reportLeadsQuerySchema,
  reportLeadsSchema,
  speedToLeadQuerySchema,
  speedToLeadReportSchema,
  bookedTourSchema,
  bookTourRequestSchema,
  tourParamsSchema,
  tourSlotListSchema,
  tourSlotsQuerySchema,
  updateTourRequestSchema,
} from '@leasing/contract';
import {
  followUpReport,
  funnelReport,
  reportLeads,
  sendReportCsv,
  speedToLeadReport,
  type ReportViewer,
} from '../reports/index.js';
import { createLeadAccessLink, type AccessLinkDeps } from '../secure-access/index.js';
import {
  bookTour,
  cancelTour,
  getTourSlots,
  updateTour,
  type TourBookingDeps,
} from '../tours/index.js';
import { integrationOf, registerIntegrationAuth } from './integration-auth.js';
import {
  accessLinkBodySchema,
  appendEventBodySchema,
  upsertLeadBodySchema,
  upsertPropertyBodySchema,
} from './integration-requests.js';
import {
  appendIntegrationEvent,
  getIntegrationLead,
  getIntegrationProperty,
  readIntegrationLead,
  setIntegrationLeadStatus,
  upsertIntegrationLead,
  upsertIntegrationProperty,
} from './integrations.service.js';
import { sharedNumberOf } from '../numbers/index.js';

const errorSchema = apiErrorSchema.meta({ id: 'Error' });

/** An answer as the OpenAPI document describes it (status → what it means, and its body). */
const answer = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { 'application/json': { schema } },
});
/** Error answers: the body is always `{error}`. */
const failure = (description: string) => answer(description, errorSchema);
const refusals = {
  400: failure('The request is invalid: `error.details` names each field and what is wrong.'),
  401: failure('No API key, or one that is unknown, revoked or expired.'),
  403: failure('The API key lacks a scope this route needs: the message names it.'),
};
const security = [{ apiKey: [] }];

/**
 * What a route asks of the key: the scopes it needs (checked on `onRequest`), and the same words
 * in its OpenAPI description.
 */
const needs = (scopes: readonly ApiKeyScope[], description: string) => ({
  config: { apiKeyScopes: scopes },
  description: `${description}\n\n**Scope${scopes.length > 1 ? 's' : ''}:** ${scopes.map((scope) => `\`${scope}\``).join(' and ')}.`,
});

/**
 * The door for the leasing assistant, the property-management system and the phone bot:
 * properties and leads by their PMS ids, events on a lead's timeline. One API key reaches one
 * company, and every lookup starts from it.
 */
export const integrationsRoutes: FastifyPluginAsyncZod<{
  accessLinks: AccessLinkDeps;
  now: Clock;
  tours: TourBookingDeps;
}> = async (app, { accessLinks, now, tours }) => {
  registerIntegrationAuth(app);
  const { db } = app.database;

  const upsertProperty = needs(
    ['events:write'],
    'Creates the property with this PMS id, or updates it. Fields left out keep their value; null clears one.',
  );
  app.put(
    apiRoutes.integrationProperty,
    {
      config: upsertProperty.config,
      schema: {
        tags: ['Properties'],
        summary: 'Create or update a property',
        description: upsertProperty.description,
        security,
        params: integrationPropertyParamsSchema,
        body: upsertPropertyBodySchema,
        response: {
          200: answer('The property, updated.', integrationPropertySchema),
          201: answer('The property, created.', integrationPropertySchema),
          ...refusals,
          409: failure('The SMS number belongs to another property.'),
        },
      },
    },
    async (request, reply) => {
      const { item, created } = await upsertIntegrationProperty(
        app.events,
        sharedNumberOf(app.config),
        integrationOf(request),
        request.params.pmsPropertyId,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(item);
    },
  );

  const upsertLead = needs(
    ['events:write'],
    "Creates the lead with this PMS id in the property, or updates it. Fields left out keep their value; null clears one. The phone may be written any common way; it is stored as E.164. `source` names where the lead came from: matched in any case against your company's lead sources, a new name joins them.",
  );
  app.put(
    apiRoutes.integrationLead,
    {
      config: upsertLead.config,
      schema: {
        tags: ['Leads'],
        summary: 'Create or update a lead',
        description: upsertLead.description,
        security,
        params: integrationLeadParamsSchema,
        body: upsertLeadBodySchema,
        response: {
          200: answer('The lead, updated.', integrationLeadSchema),
          201: answer('The lead, created.', integrationLeadSchema),
          ...refusals,
          404: failure('No property with this PMS id in your company.'),
        },
      },
    },
    async (request, reply) => {
      const { item, created } = await upsertIntegrationLead(
        app.events,
        integrationOf(request),
        request.params.pmsPropertyId,
        request.params.pmsLeadId,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(item);
    },
  );

  const readLead = needs(
    ['leads:read'],
    "The lead with this PMS id, with `consent`: when and how it last opted in or out of texts and email (the source, the time, the lead's message or who changed it).",
  );
  app.get(
    apiRoutes.integrationLead,
    {
      config: readLead.config,
      schema: {
        tags: ['Leads'],
        summary: 'Read a lead',
        description: readLead.description,
        security,
        params: integrationLeadParamsSchema,
        response: {
          200: answer('The lead.', integrationLeadSchema),
          ...refusals,
          404: failure('No property or lead with these PMS ids in your company.'),
        },
      },
    },
    (request) =>
      readIntegrationLead(
        db,
        integrationOf(request),
        request.params.pmsPropertyId,
        request.params.pmsLeadId,
      ),
  );

  const appendEvent = needs(
    ['events:write'],
    [
      'Adds the event to the timeline and shows it live in every open console of your company.',
      'Idempotent on `externalId`: the same id again answers **200** with the first event and changes nothing; a new event answers **201**.',
      '',
      'Besides the timeline, some event types change the lead, in the same transaction:',
      '- `OFFICE_DECISION` opens a decision for staff (status PENDING; the lead heads the inbox).',
      "- `SCHEDULED_TOUR_APPOINTMENT` sets the tour time from `data.tourDateUTC`, or from `data.tourDateString` + `data.tourFromTimeString` on the company's clock.",
      '- `CANCELED_TOUR_APPOINTMENT` clears the tour time.',
      "- `LANGUAGE_PREFERENCE_UPDATE` sets the lead's preferred language to `data.language`.",
      '- `CALL` and the phone-bot calls may carry `data.transcript` and `data.durationSeconds`.',
    ].join('\n'),
  );
  app.post(
    apiRoutes.integrationLeadEvents,
    {
      config: appendEvent.config,
      schema: {
        tags: ['Events'],
        summary: "Append an event to a lead's timeline",
        description: appendEvent.description,
        security,
        params: integrationLeadParamsSchema,
        body: appendEventBodySchema,
        response: {
          200: answer(
            'An event with this externalId existed: the first one.',
            integrationEventSchema,
          ),
          201: answer('The event, appended.', integrationEventSchema),
          ...refusals,
          404: failure('No such property or lead in your company.'),
          409: failure('The externalId was already used for another lead.'),
        },
      },
    },
    async (request, reply) => {
      const result = await appendIntegrationEvent(
        app.events,
        integrationOf(request),
        request.params.pmsPropertyId,
        request.params.pmsLeadId,
        request.body,
      );
      return reply.status(result.created ? 201 : 200).send(result.event);
    },
  );

  // The link acts for a colleague (`userEmail`): making it is acting as them.
  const mintLink = needs(
    ['links:create', 'act-as'],
    "A short-lived link that opens this lead's conversation pane without a password — typically inside your system, in an iframe (the sites allowed to frame the console are configured on its side). The link reaches this one lead only, acts for the staff member named by `userEmail`, and cannot become a full session. The audit trail records it as this key acting as that staff member.",
  );
  app.post(
    apiRoutes.integrationLeadAccessLinks,
    {
      config: mintLink.config,
      schema: {
        tags: ['Access links'],
        summary: 'Mint a secure-access link to the lead',
        description: mintLink.description,
        security,
        params: integrationLeadParamsSchema,
        body: accessLinkBodySchema,
        response: {
          201: answer('The link.', integrationAccessLinkSchema),
          ...refusals,
          404: failure('No such property or lead in your company.'),
        },
      },
    },
    async (request, reply) => {
      const { companyId, apiKeyId } = integrationOf(request);
      const lead = await getIntegrationLead(
        db,
        companyId,
        request.params.pmsPropertyId,
        request.params.pmsLeadId,
      );
      const link = await createLeadAccessLink(accessLinks, {
        companyId,
        leadId: lead.id,
        userEmail: request.body.userEmail,
        ttlSeconds: request.body.ttlSeconds,
        // The service fills in `actingAsUserId` once it knows who `userEmail` is.
        actor: { kind: 'api-key', apiKeyId },
      });
      // The link is a credential: no cache may keep it.
      return reply.status(201).header('cache-control', 'no-store').send(link);
    },
  );

  const setStatus = needs(
    ['events:write'],
    [
      'Moves the lead in the leasing pipeline (NEW, CONTACTED, TOUR_SCHEDULED, TOURED, APPLIED, LEASED, LOST) as your system knows it: an application received, a lease signed. `occurredAt` says when it happened (now when left out; never in the future): the timeline shows the change at that moment and the reports count the step on that date, not on the day of the call.',
      "LOST takes `lostReason`, one of the company's lost reasons by name (and `note` with 'Other'). Setting the status the lead already has changes nothing (`event` is null).",
    ].join('\n\n'),
  );
  app.put(
    apiRoutes.integrationLeadStatus,
    {
      config: setStatus.config,
      schema: {
        tags: ['Leads'],
        summary: "Set a lead's status",
        description: setStatus.description,
        security,
        params: integrationLeadParamsSchema,
        body: integrationStatusRequestSchema,
        response: {
          200: answer(
            "The lead's status, and the timeline event of the change.",
            leadStatusResponseSchema,
          ),
          ...refusals,
          404: failure('No property or lead with these PMS ids in your company.'),
        },
      },
    },
    (request) =>
      setIntegrationLeadStatus(
        { db, events: app.events, now },
        integrationOf(request),
        request.params.pmsPropertyId,
        request.params.pmsLeadId,
        request.body,
      ),
  );

  // ---------- tours (the staff routes, by PMS ids, for the key's company) ----------
  const keyActor = (request: FastifyRequest) =>
    ({ kind: 'api-key', apiKeyId: integrationOf(request).apiKeyId }) as const;
  const bookingsNote =
    'The same booking as staff make in the console: the free slots, the guarantee for the last place (a second booker of it gets **409** `SLOT_TAKEN` with `nextSlots`), the timeline, the status, the texts and email to the lead, and the `tour.*` webhooks.';

  const tourSlots = needs(
    ['tours:write'],
    "The property's free slots of one tour type in `[from, to)` (at most 31 days), soonest first, each with the places left, and the property's time zone.",
  );
  app.get(
    apiRoutes.integrationTourSlots,
    {
      config: tourSlots.config,
      schema: {
        tags: ['Tours'],
        summary: "A property's free tour slots",
        description: tourSlots.description,
        security,
        params: integrationPropertyParamsSchema,
        querystring: tourSlotsQuerySchema,
        response: {
          200: answer('The free slots.', tourSlotListSchema),
          ...refusals,
          404: failure('No property with this PMS id in your company.'),
        },
      },
    },
    async (request) => {
      const { companyId } = integrationOf(request);
      const { property } = await getIntegrationProperty(
        db,
        companyId,
        request.params.pmsPropertyId,
      );
      return getTourSlots(tours, companyId, property.id, request.query);
    },
  );

  const bookLeadTour = needs(
    ['tours:write'],
    `Books a tour for the lead in the free slot that starts at \`start\` (its \`type\`, and \`agentId\`, a staff member's id, for an in-person tour). ${bookingsNote} A lead with a tour ahead gets **409** \`TOUR_ALREADY_BOOKED\`: reschedule or cancel that one.`,
  );
  app.post(
    apiRoutes.integrationLeadTours,
    {
      config: bookLeadTour.config,
      schema: {
        tags: ['Tours'],
        summary: 'Book a tour',
        description: bookLeadTour.description,
        security,
        params: integrationLeadParamsSchema,
        body: bookTourRequestSchema,
        response: {
          201: answer('The tour, booked.', bookedTourSchema),
          ...refusals,
          404: failure('No property or lead with these PMS ids in your company.'),
          409: failure(
            'The slot has no place left (`SLOT_TAKEN`, with `nextSlots`), or the lead has a tour ahead.',
          ),
        },
      },
    },
    async (request, reply) => {
      const { companyId } = integrationOf(request);
      const lead = await getIntegrationLead(
        db,
        companyId,
        request.params.pmsPropertyId,
        request.params.pmsLeadId,
      );
      const tour = await bookTour(tours, companyId, lead.id, request.body, {
        actor: keyActor(request),
        userId: null,
        source: 'INTEGRATION',
      });
      return reply.status(201).send(tour);
    },
  );

  const changeTour = needs(
    ['tours:write'],
    `A new \`start\` (and \`type\`) moves the tour into that free slot; \`{ "confirmed": true }\` records that the lead confirmed it. ${bookingsNote}`,
  );
  app.patch(
    apiRoutes.integrationTour,
    {
      config: changeTour.config,
      schema: {
        tags: ['Tours'],
        summary: 'Reschedule or confirm a tour',
        description: changeTour.description,
        security,
        params: tourParamsSchema,
        body: updateTourRequestSchema,
        response: {
          200: answer('The tour.', bookedTourSchema),
          ...refusals,
          404: failure('No tour with this id in your company.'),
          409: failure(
            'The slot has no place left (`SLOT_TAKEN`), or the tour is no longer scheduled.',
          ),
        },
      },
    },
    (request) =>
      updateTour(
        tours,
        integrationOf(request).companyId,
        request.params.tourId,
        request.body,
        keyActor(request),
      ),
  );

  const dropTour = needs(['tours:write'], `Cancels the tour and frees its place. ${bookingsNote}`);
  app.delete(
    apiRoutes.integrationTour,
    {
      config: dropTour.config,
      schema: {
        tags: ['Tours'],
        summary: 'Cancel a tour',
        description: dropTour.description,
        security,
        params: tourParamsSchema,
        response: {
          200: answer('The tour, cancelled.', bookedTourSchema),
          ...refusals,
          404: failure('No tour with this id in your company.'),
          409: failure('The tour is no longer scheduled.'),
        },
      },
    },
    (request) =>
      cancelTour(tours, integrationOf(request).companyId, request.params.tourId, keyActor(request)),
  );

  // ---------- reports (the console's queries, for the whole company of the key) ----------
  const reportsDeps = { db, now };
  const keyViewer = (request: FastifyRequest): ReportViewer => ({
    kind: 'api-key',
    companyId: integrationOf(request).companyId,
  });
  const readReports = (description: string) => needs(['reports:read'], description);
  const daysNote =
    "Days are the company's calendar days in its time zone; `from` and `to` are both included. Each figure comes with the previous period of the same length.";

  const funnel = readReports(
    `The funnel Leads → Contacted → Tour scheduled → Toured → Applied → Leased (and lost). \`view=cohort\` counts the leads created in the range and how far they got; \`view=activity\` the steps that happened in the range. ${daysNote}`,
  );
  app.get(
    apiRoutes.integrationReportsFunnel,
    {
      config: funnel.config,
      schema: {
        tags: ['Reports'],
        summary: 'The funnel',
        description: funnel.description,
        security,
        querystring: funnelQuerySchema,
        response: { 200: answer('The funnel.', funnelReportSchema), ...refusals },
      },
    },
    (request) => funnelReport(reportsDeps, keyViewer(request), request.query),
  );

  const speed = readReports(
    `Speed-to-lead of the leads whose first message arrived in the range: the wait to the team's first message after it, in office-hours minutes of the lead's property. ${daysNote}`,
  );
  app.get(
    apiRoutes.integrationReportsSpeedToLead,
    {
      config: speed.config,
      schema: {
        tags: ['Reports'],
        summary: 'Speed-to-lead',
        description: speed.description,
        security,
        querystring: speedToLeadQuerySchema,
        response: { 200: answer('Speed-to-lead.', speedToLeadReportSchema), ...refusals },
      },
    },
    (request) => speedToLeadReport(reportsDeps, keyViewer(request), request.query),
  );

  const followUp = readReports(
    'Follow-up discipline by owner: open leads not contacted for 48 hours, overdue follow-ups, leads silent for 7 days (as of now), and the average touches before a tour scheduled in the range.',
  );
  app.get(
    apiRoutes.integrationReportsFollowUp,
    {
      config: followUp.config,
      schema: {
        tags: ['Reports'],
        summary: 'Follow-up discipline',
        description: followUp.description,
        security,
        querystring: followUpQuerySchema,
        response: { 200: answer('Follow-up discipline.', followUpReportSchema), ...refusals },
      },
    },
    (request) => followUpReport(reportsDeps, keyViewer(request), request.query),
  );

  const figureLeads = readReports(
    "The leads one figure counts (`figure`, with the report's parameters, and optionally one group, lost reason or heat-map cell), newest first, paged with `cursor`.",
  );
  app.get(
    apiRoutes.integrationReportsLeads,
    {
      config: figureLeads.config,
      schema: {
        tags: ['Reports'],
        summary: 'The leads behind a figure',
        description: figureLeads.description,
        security,
        querystring: reportLeadsQuerySchema,
        response: { 200: answer('The leads.', reportLeadsSchema), ...refusals },
      },
    },
    (request) => reportLeads(reportsDeps, keyViewer(request), request.query),
  );

  const exportCsv = readReports(
    'A CSV with one row per lead (`rows=leads`: the leads created in the range, or with any step in it with `view=activity`) or per owner (`rows=owners`). Streamed.',
  );
  app.get(
    apiRoutes.integrationReportsLeadsCsv,
    {
      config: exportCsv.config,
      schema: {
        tags: ['Reports'],
        summary: 'Export as CSV',
        description: exportCsv.description,
        security,
        querystring: reportExportQuerySchema,
        response: {
          200: { description: 'The CSV file.', content: { 'text/csv': { schema: z.string() } } },
          ...refusals,
        },
      },
    },
    (request, reply) => sendReportCsv(reply, reportsDeps, keyViewer(request), request.query),
  );
};
