import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { consentRoutes } from './consent.routes.js';

/** Consent records per channel, and the email unsubscribe link (RFC 8058 one-click). */
export const consentModule: FastifyPluginAsync<{ now: Clock }> = async (app, { now }) => {
  await app.register(consentRoutes, { now });
};
