import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  followUpResponseSchema,
  followUpUpdateSchema,
  leadIdParamsSchema,
} from '@leasing/contract';
import { principalOf, userActor } from '../../lib/principal.js';
import { setFollowUp, type FollowUpsDeps } from './follow-ups.service.js';

export const followUpsRoutes: FastifyPluginAsyncZod<{ deps: FollowUpsDeps }> = async (
  app,
  { deps },
) => {
  app.addHook('onRequest', app.authenticate);

  app.put(
    apiRoutes.leadFollowUp,
    {
      schema: {
        params: leadIdParamsSchema,
        body: followUpUpdateSchema,
        response: { 200: followUpResponseSchema },
      },
    },
    (request) => {
      const principal = principalOf(request);
      return setFollowUp(
        deps,
        principal.companyId,
        request.params.leadId,
        request.body.dueAt,
        userActor(principal),
      );
    },
  );
};
