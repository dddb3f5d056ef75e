import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, companyTourSettingsSchema } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import type { EventPort } from '../../events/event-port.js';
import { ADMINS_ROUTE, principalOf, staffChange } from '../../lib/principal.js';
import { tourSettingsOf, updateTourSettings } from './tour-settings.service.js';

/**
 * Settings → Tours, the company's part: when reminders are texted, the no-show text, releasing
 * unconfirmed tours. Every staff member reads them (the pane says what the lead will get); admins
 * change them.
 */
export const tourSettingsRoutes: FastifyPluginAsyncZod<{
  deps: { db: Db; events: EventPort };
}> = async (app, { deps }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    apiRoutes.tourSettings,
    { schema: { response: { 200: companyTourSettingsSchema } } },
    (request) => tourSettingsOf(deps.db, principalOf(request).companyId),
  );

  app.put(
    apiRoutes.tourSettings,
    {
      config: ADMINS_ROUTE,
      schema: { body: companyTourSettingsSchema, response: { 200: companyTourSettingsSchema } },
    },
    (request) => {
      const { companyId, actor } = staffChange(request);
      return updateTourSettings(deps, companyId, request.body, actor);
    },
  );
};
