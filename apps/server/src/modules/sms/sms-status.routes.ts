import { apiRoutes } from '@leasing/contract';
import type { FastifyPluginAsync } from 'fastify';
import { verifyTwilioRequest } from '../../lib/twilio-signature.js';
import { reportProviderStatus } from '../messaging/index.js';

/** Twilio's status callback for a text we sent: signed, and applied through the one status path. */
export const smsStatusRoutes: FastifyPluginAsync = async (app) => {
  const authToken = app.config.messaging.twilio?.authToken;

  app.post(apiRoutes.twilioStatus, async (request, reply) => {
    const form = verifyTwilioRequest(request, app.config.publicUrl, authToken);
    const providerMessageId = form.MessageSid ?? form.SmsSid;
    const status = form.MessageStatus ?? form.SmsStatus;
    if (providerMessageId && status) {
      await reportProviderStatus(app.events, {
        providerMessageId,
        status,
        errorCode: form.ErrorCode || undefined,
      });
    }
    return reply.status(204).send();
  });
};
