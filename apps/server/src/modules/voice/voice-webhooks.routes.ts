import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { apiRoutes } from '@leasing/contract';
import { badRequest } from '../../lib/errors.js';
import { verifyTwilioRequest } from '../../lib/twilio-signature.js';
import {
  receiveCall,
  receiveCallStatus,
  receiveDialResult,
  receiveRecording,
  receiveTranscription,
  receiveWhisper,
  type VoiceDeps,
} from './inbound-calls.service.js';
import { receiveOutboundAnswer } from './outbound-calls.service.js';
import { announceTwiml, emptyTwiml } from './twiml.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A whole number from the query of a URL we gave Twilio (signed with it, so ours). */
const queryIndex = (request: FastifyRequest, name: string) => {
  const raw = (request.query as Record<string, string | undefined>)[name];
  if (!raw || !/^\d{1,2}$/.test(raw)) throw badRequest(`querystring.${name}`, 'not a number');
  return Number(raw);
};

/** The call a URL we gave Twilio names (`?call=`). */
const callIdOf = (request: FastifyRequest) => {
  const callId = (request.query as Record<string, string | undefined>).call ?? '';
  if (!UUID.test(callId)) throw badRequest('querystring.call', 'not a call id');
  return callId;
};

const twiml = (reply: FastifyReply, xml: string) => reply.status(200).type('text/xml').send(xml);

/**
 * Twilio's voice webhooks: the call itself (or, for a call placed from the console, the agent
 * picking up), and the callbacks the TwiML we answer names (all under PUBLIC_URL). Each is
 * refused (403) unless Twilio signed it, before it can change anything. Set the number's "A call
 * comes in" to `/webhooks/twilio/voice` and its "Call status changes" to
 * `/webhooks/twilio/voice/status`.
 */
export const voiceWebhookRoutes: FastifyPluginAsync<{ deps: VoiceDeps }> = async (
  app,
  { deps },
) => {
  const { config } = app;
  const signed = (request: FastifyRequest) =>
    verifyTwilioRequest(request, config.publicUrl, config.messaging.twilio?.authToken);

  app.post(apiRoutes.twilioVoice, async (request, reply) =>
    twiml(reply, await receiveCall(deps, signed(request))),
  );

  app.post(apiRoutes.twilioVoiceDialStatus, async (request, reply) => {
    const form = signed(request);
    return twiml(reply, await receiveDialResult(deps, form, queryIndex(request, 'leg')));
  });

  app.post(apiRoutes.twilioVoiceWhisper, async (request, reply) => {
    signed(request);
    return twiml(reply, await receiveWhisper(deps, callIdOf(request), queryIndex(request, 'n')));
  });

  // A call placed from the console: the agent picked up, the lead is dialled next.
  app.post(apiRoutes.twilioVoiceOutbound, async (request, reply) => {
    const form = signed(request);
    return twiml(reply, await receiveOutboundAnswer(deps, callIdOf(request), form));
  });

  // A recorded call: the lead hears that it is recorded before being put through.
  app.post(apiRoutes.twilioVoiceAnnounce, async (request, reply) => {
    signed(request);
    return twiml(reply, announceTwiml());
  });

  app.post(apiRoutes.twilioVoiceStatus, async (request, reply) => {
    await receiveCallStatus(deps, signed(request));
    return twiml(reply, emptyTwiml());
  });

  app.post(apiRoutes.twilioVoiceRecording, async (request, reply) =>
    twiml(reply, await receiveRecording(deps, signed(request))),
  );

  app.post(apiRoutes.twilioVoiceTranscription, async (request, reply) => {
    await receiveTranscription(deps, signed(request));
    return twiml(reply, emptyTwiml());
  });
};
