import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  officeHoursSettingsSchema,
  propertyOfficeHoursSchema,
  propertyOfficeHoursUpdateSchema,
  propertyParamsSchema,
  responseTargetUpdateSchema,
} from '@leasing/contract';
import { ADMINS_ROUTE, principalOf, staffChange } from '../../lib/principal.js';
import {
  getOfficeHoursSettings,
  updatePropertyOfficeHours,
  updateResponseTarget,
  type OfficeHoursDeps,
} from './office-hours.service.js';

/** Settings → Office hours (admins): the first-reply target and each property's hours. */
export const officeHoursRoutes: FastifyPluginAsyncZod<{ deps: OfficeHoursDeps }> = async (
  app,
  { deps },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    apiRoutes.officeHoursSettings,
    { config: ADMINS_ROUTE, schema: { response: { 200: officeHoursSettingsSchema } } },
    (request) => getOfficeHoursSettings(deps.db, principalOf(request).companyId),
  );

  app.put(
    apiRoutes.responseTarget,
    {
      config: ADMINS_ROUTE,
      schema: { body: responseTargetUpdateSchema, response: { 200: officeHoursSettingsSchema } },
    },
    (request) => {
      const { companyId, actor } = staffChange(request);
      return updateResponseTarget(deps, companyId, request.body.firstReplyTargetMinutes, actor);
    },
  );

  app.put(
    apiRoutes.propertyOfficeHours,
    {
      config: ADMINS_ROUTE,
      schema: {
        params: propertyParamsSchema,
        body: propertyOfficeHoursUpdateSchema,
        response: { 200: propertyOfficeHoursSchema },
      },
    },
    (request) => {
      const { companyId, actor } = staffChange(request);
      return updatePropertyOfficeHours(
        deps,
        companyId,
        request.params.propertyId,
        request.body,
        actor,
      );
    },
  );
};
