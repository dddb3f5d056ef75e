import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  conversationEventSchema,
  leadMessageParamsSchema,
  scheduleUpdateSchema,
} from '@leasing/contract';
import { principalOf } from '../../lib/principal.js';
import {
  cancelScheduled,
  editScheduled,
  sendScheduledNow,
  type ScheduleDeps,
} from './scheduled-messages.service.js';

/** 'Edit', 'Cancel' and 'Send now' of a scheduled message ('Send later'): any staff role. */
export const scheduledMessagesRoutes: FastifyPluginAsyncZod<{ deps: ScheduleDeps }> = async (
  app,
  { deps },
) => {
  app.addHook('onRequest', app.authenticate);

  app.patch(
    apiRoutes.leadMessageSchedule,
    {
      schema: {
        params: leadMessageParamsSchema,
        body: scheduleUpdateSchema,
        response: { 200: conversationEventSchema },
      },
    },
    (request) =>
      editScheduled(
        deps,
        principalOf(request),
        request.params.leadId,
        request.params.messageId,
        request.body,
      ),
  );

  app.delete(
    apiRoutes.leadMessageSchedule,
    { schema: { params: leadMessageParamsSchema, response: { 200: conversationEventSchema } } },
    (request) =>
      cancelScheduled(deps, principalOf(request), request.params.leadId, request.params.messageId),
  );

  app.post(
    apiRoutes.leadMessageSendNow,
    { schema: { params: leadMessageParamsSchema, response: { 200: conversationEventSchema } } },
    (request) =>
      sendScheduledNow(deps, principalOf(request), request.params.leadId, request.params.messageId),
  );
};
