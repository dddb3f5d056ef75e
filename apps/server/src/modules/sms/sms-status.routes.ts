import { apiRoutes } from '@leasing/contract';
import type { FastifyPluginAsync } from 'fastify';
import { verifyTwilioRequest } from '../../lib/twilio-signature.js';
import { applyProviderStatus } from './message-status.repository.js';
import { writeMessageStatus } from './message-events.js';
import { isKnownProviderStatus } from './provider-status.js';

export const twilioWebhookRoutes: FastifyPluginAsync = async (app) => {
  const authToken = app.config.messaging.twilio?.authToken;

  app.post(apiRoutes.twilioStatus, async (request, reply) => {
    const form = verifyTwilioRequest(request, app.config.publicUrl, authToken);
    const sid = form.MessageSid ?? form.SmsSid;
    const status = form.MessageStatus ?? form.SmsStatus;
    if (sid && status && isKnownProviderStatus(status)) {
      await writeMessageStatus(app.events, (db) =>
        applyProviderStatus(db, sid, status, form.ErrorCode || undefined),
      );
    }
    return reply.status(204).send();
  });
};
