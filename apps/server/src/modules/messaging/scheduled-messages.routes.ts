import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SendLimits } from './send-limits.js';
import {
  apiRoutes,
  conversationEventSchema,
  leadMessageParamsSchema,
  scheduleUpdateSchema,
  sendNowRequestSchema,
} from '@leasing/contract';
import { principalOf } from '../../lib/principal.js';
import {
  cancelScheduled,
  editScheduled,
  sendScheduledNow,
  type ScheduleDeps,
} from './scheduled-messages.service.js';

/** 'Edit', 'Cancel' and 'Send now' of a scheduled message ('Send later'): any staff role. */
export const scheduledMessagesRoutes: FastifyPluginAsyncZod<{
  deps: ScheduleDeps;
  limits: SendLimits;
}> = async (app, { deps, limits }) => {
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

  // A person's send: counted against their and their company's limits like any other.
  app.post(
    apiRoutes.leadMessageSendNow,
    {
      preHandler: async (request) => limits.consume(principalOf(request)),
      schema: {
        params: leadMessageParamsSchema,
        body: sendNowRequestSchema,
        response: { 200: conversationEventSchema },
      },
    },
    (request) =>
      sendScheduledNow(
        deps,
        principalOf(request),
        request.params.leadId,
        request.params.messageId,
        request.body ?? {},
      ),
  );
};
