import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { startInboundMediaWorkers } from './inbound-sms-media.job.js';
import { inboundSmsRoutes } from './inbound-sms.routes.js';
import type { InboundSmsDeps } from './inbound-sms.service.js';
import { sharedNumberOf } from '../numbers/numbers.service.js';

/** Inbound SMS: Twilio's webhook, the sandbox's simulated reply, unmatched texts and MMS media. */
export const inboundSmsModule: FastifyPluginAsync<{ now: Clock }> = async (app, { now }) => {
  const { config } = app;
  const deps: InboundSmsDeps = {
    database: app.database,
    queue: app.queue,
    translation: app.translation,
    events: app.events,
    shared: sharedNumberOf(config),
    jobExpireSeconds: config.messaging.sendJobExpireSeconds,
  };
  await startInboundMediaWorkers(app.queue, {
    database: app.database,
    storage: app.messaging.storage,
    twilio: config.messaging.twilio,
    twilioApiUrl: config.messaging.twilioApiUrl,
    events: app.events,
    log: app.log,
  });
  await app.register(inboundSmsRoutes, { deps, now });
};
