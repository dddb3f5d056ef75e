import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, callParamsSchema } from '@leasing/contract';
import { principalOf } from '../../lib/principal.js';
import { fetchCallRecording, type RecordingDeps } from './call-recording.service.js';

/**
 * A call's recording, for the staff of its company: our copy, or until it is made streamed from
 * Twilio through the console (the browser never gets Twilio's URL or credentials). A `Range` is
 * answered, so the player can seek.
 */
export const callRecordingRoutes: FastifyPluginAsyncZod<{ deps: RecordingDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    apiRoutes.callRecording,
    {
      onRequest: app.authenticate,
      schema: { summary: "A call's voicemail recording (audio/mpeg)", params: callParamsSchema },
    },
    async (request, reply) => {
      const range = request.headers.range;
      const recording = await fetchCallRecording(
        deps,
        principalOf(request),
        request.params.callId,
        {
          range: typeof range === 'string' ? range : undefined,
        },
      );
      reply.status(recording.status);
      reply.headers(recording.headers);
      reply.header('cache-control', 'private, no-store');
      return reply.send(recording.body);
    },
  );
};
