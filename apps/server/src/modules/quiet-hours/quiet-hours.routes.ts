import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, quietHoursPolicySchema } from '@leasing/contract';
import { ADMINS_ONLY, principalOf, userActor } from '../../lib/principal.js';
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
  const admins = { roles: ADMINS_ONLY };

  app.get(
    apiRoutes.quietHours,
    { config: admins, schema: { response: { 200: quietHoursPolicySchema } } },
    (request) => getQuietHoursPolicy(deps.db, principalOf(request).companyId),
  );

  app.put(
    apiRoutes.quietHours,
    {
      config: admins,
      schema: { body: quietHoursPolicySchema, response: { 200: quietHoursPolicySchema } },
    },
    (request) => {
      const principal = principalOf(request);
      return updateQuietHoursPolicy(deps, principal.companyId, request.body, userActor(principal));
    },
  );
};
