import type { FastifyPluginAsync } from 'fastify';
import { verifyTwilioRequest } from '../../lib/twilio-signature.js';
import { applyProviderStatus } from './message-status.repository.js';
import { isKnownProviderStatus } from './provider-status.js';

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
