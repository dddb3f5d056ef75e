import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import type { SmsProvider } from '../../providers/sms-provider.js';
import type { TranslationRequests } from '../conversation/index.js';
import type { MediaStorage } from '../messaging/index.js';
import { startInboundMediaWorkers } from './inbound-sms-media.job.js';
import { inboundSmsRoutes } from './inbound-sms.routes.js';
import type { InboundSmsDeps } from './inbound-sms.service.js';
import { sharedNumberOf } from '../numbers/index.js';

/** Inbound SMS: Twilio's webhook, the sandbox's simulated reply, unmatched texts and MMS media. */
export type InboundSmsModuleOptions = {
  now: Clock;
  sms: SmsProvider;
  storage: MediaStorage;
  translation: TranslationRequests;
};

export const inboundSmsModule: FastifyPluginAsync<InboundSmsModuleOptions> = async (
  app,
  { now, sms, storage, translation },
) => {
  const { config } = app;
  const deps: InboundSmsDeps = {
    database: app.database,
    queue: app.queue,
    translation,
    events: app.events,
    shared: sharedNumberOf(config),
    jobExpireSeconds: config.messaging.sendJobExpireSeconds,
  };
  await startInboundMediaWorkers(app.queue, {
    database: app.database,
    storage,
    twilio: config.messaging.twilio,
    twilioApiUrl: config.messaging.twilioApiUrl,
    events: app.events,
    log: app.log,
  });
  await app.register(inboundSmsRoutes, { deps, now, smsKind: sms.kind });
};
