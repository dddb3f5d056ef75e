import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, quietHoursPolicySchema } from '@leasing/contract';
import { ADMINS_ROUTE, principalOf, staffChange } from '../../lib/principal.js';
import {
  getQuietHoursPolicy,
  updateQuietHoursPolicy,
  type QuietHoursDeps,
} from './quiet-hours.service.js';

/** Settings → Quiet hours (admins): when texts may reach leads, in each lead's own time. */
export const quietHoursRoutes: FastifyPluginAsyncZod<{ deps: QuietHoursDeps }> = async (
  app,
  { deps },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    apiRoutes.quietHours,
    { config: ADMINS_ROUTE, schema: { response: { 200: quietHoursPolicySchema } } },
    (request) => getQuietHoursPolicy(deps.db, principalOf(request).companyId),
  );

  app.put(
    apiRoutes.quietHours,
    {
      config: ADMINS_ROUTE,
      schema: { body: quietHoursPolicySchema, response: { 200: quietHoursPolicySchema } },
    },
    (request) => {
      const { companyId, actor } = staffChange(request);
      return updateQuietHoursPolicy(deps, companyId, request.body, actor);
    },
  );
};
