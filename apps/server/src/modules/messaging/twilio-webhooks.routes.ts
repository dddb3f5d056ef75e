import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import twilio from 'twilio';
import { HttpError } from '../../lib/errors.js';
import { applyProviderStatus } from './message-status.repository.js';
import { isKnownProviderStatus } from './provider-status.js';

type TwilioForm = Record<string, string>;

/**
 * Twilio signs each webhook with HMAC-SHA1 of the URL it called (PUBLIC_URL + path + query) and the
 * POST parameters; anything unsigned or signed otherwise is refused before it can change anything.
 */
export const verifyTwilioRequest = (
  request: FastifyRequest,
  publicUrl: string,
  authToken: string | undefined,
) => {
  const signature = request.headers['x-twilio-signature'];
  const url = `${publicUrl}${request.url}`;
  const params = (request.body ?? {}) as TwilioForm;
  if (
    !authToken ||
    typeof signature !== 'string' ||
    !twilio.validateRequest(authToken, signature, url, params)
  ) {
    throw new HttpError(403, 'BAD_SIGNATURE', 'The request is not signed by Twilio.');
  }
  return params;
};

export const twilioWebhookRoutes: FastifyPluginAsync = async (app) => {
  const authToken = app.config.messaging.twilio?.authToken;

  app.post('/webhooks/twilio/status', async (request, reply) => {
    const form = verifyTwilioRequest(request, app.config.publicUrl, authToken);
    const sid = form.MessageSid ?? form.SmsSid;
    const status = form.MessageStatus ?? form.SmsStatus;
    if (sid && status && isKnownProviderStatus(status)) {
      const updated = await applyProviderStatus(
        app.database.db,
        sid,
        status,
        form.ErrorCode || undefined,
      );
      if (updated) app.messaging.statusListeners.forEach((listener) => listener(updated));
    }
    return reply.status(204).send();
  });
};
