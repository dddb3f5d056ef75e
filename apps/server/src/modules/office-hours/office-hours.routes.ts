import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  officeHoursSettingsSchema,
  propertyOfficeHoursSchema,
  propertyOfficeHoursUpdateSchema,
  propertyParamsSchema,
  responseTargetUpdateSchema,
} from '@leasing/contract';
import { ADMINS_ONLY, principalOf, userActor } from '../../lib/principal.js';
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
  const admins = { roles: ADMINS_ONLY };

  app.get(
    apiRoutes.officeHoursSettings,
    { config: admins, schema: { response: { 200: officeHoursSettingsSchema } } },
    (request) => getOfficeHoursSettings(deps.db, principalOf(request).companyId),
  );

  app.put(
    apiRoutes.responseTarget,
    {
      config: admins,
      schema: { body: responseTargetUpdateSchema, response: { 200: officeHoursSettingsSchema } },
    },
    (request) => {
      const principal = principalOf(request);
      return updateResponseTarget(
        deps,
        principal.companyId,
        request.body.firstReplyTargetMinutes,
        userActor(principal),
      );
    },
  );

  app.put(
    apiRoutes.propertyOfficeHours,
    {
      config: admins,
      schema: {
        params: propertyParamsSchema,
        body: propertyOfficeHoursUpdateSchema,
        response: { 200: propertyOfficeHoursSchema },
      },
    },
    (request) => {
      const principal = principalOf(request);
      return updatePropertyOfficeHours(
        deps,
        principal.companyId,
        request.params.propertyId,
        request.body,
        userActor(principal),
      );
    },
  );
};
