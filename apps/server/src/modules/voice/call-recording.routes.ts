import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, callParamsSchema } from '@leasing/contract';
import { principalOf } from '../../lib/principal.js';
import { fetchCallRecording, type RecordingDeps } from './call-recording.service.js';

/** Headers of Twilio's answer the browser's player needs (type, length, seeking). */
const PASSED_HEADERS = ['content-type', 'content-length', 'content-range', 'accept-ranges'];

/**
 * A call's voicemail, for the staff of its company: streamed from Twilio through the console
 * (the browser never gets Twilio's URL or credentials). A `Range` is passed on, so the player
 * can seek.
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
      for (const name of PASSED_HEADERS) {
        const value = recording.headers.get(name);
        if (value) reply.header(name, value);
      }
      reply.header('cache-control', 'private, no-store');
      return reply.send(Readable.fromWeb(recording.body as WebReadableStream<Uint8Array>));
    },
  );
};
