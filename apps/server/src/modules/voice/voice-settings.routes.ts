import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  companyCallSettingsSchema,
  propertyParamsSchema,
  propertyVoiceSettingsSchema,
  voiceSettingsSchema,
} from '@leasing/contract';
import type { Db } from '../../db/client.js';
import type { EventPort } from '../../events/event-port.js';
import { ADMINS_ROUTE, MANAGERS_ROUTE, principalOf, staffChange } from '../../lib/principal.js';
import type { SharedNumber } from '../numbers/index.js';
import {
  callSettingsOf,
  getVoiceSettings,
  updateCallSettings,
  updateVoiceSettings,
} from './voice-settings.service.js';

/**
 * A property's call settings: the greeting, who is rung and how, the voicemail, the missed-call
 * text. Managers and admins read them; admins change them.
 */
export const voiceSettingsRoutes: FastifyPluginAsyncZod<{
  deps: { db: Db; events: EventPort; shared: SharedNumber };
}> = async (app, { deps }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    apiRoutes.propertyVoice,
    {
      config: MANAGERS_ROUTE,
      schema: { params: propertyParamsSchema, response: { 200: propertyVoiceSettingsSchema } },
    },
    (request) =>
      getVoiceSettings(deps.db, principalOf(request).companyId, request.params.propertyId),
  );

  app.put(
    apiRoutes.propertyVoice,
    {
      config: ADMINS_ROUTE,
      schema: {
        params: propertyParamsSchema,
        body: voiceSettingsSchema,
        response: { 200: propertyVoiceSettingsSchema },
      },
    },
    (request) => {
      const { companyId, actor } = staffChange(request);
      return updateVoiceSettings(deps, companyId, request.params.propertyId, request.body, actor);
    },
  );

  // The company's call recording: every staff member reads it (the pane says a call is recorded);
  // admins change it.
  app.get(
    apiRoutes.callSettings,
    { schema: { response: { 200: companyCallSettingsSchema } } },
    (request) => callSettingsOf(deps.db, principalOf(request).companyId),
  );

  app.put(
    apiRoutes.callSettings,
    {
      config: ADMINS_ROUTE,
      schema: { body: companyCallSettingsSchema, response: { 200: companyCallSettingsSchema } },
    },
    (request) => {
      const { companyId, actor } = staffChange(request);
      return updateCallSettings(deps, companyId, request.body, actor);
    },
  );
};
