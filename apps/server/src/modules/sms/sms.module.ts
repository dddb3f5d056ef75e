import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { sweepEvery } from '../../lib/sweep.js';
import type { SmsProvider } from '../../providers/sms-provider.js';
import type { TranslationRequests } from '../conversation/index.js';
import type { MediaStorage } from '../messaging/index.js';
import { startInboundMediaWorkers } from './inbound-sms-media.job.js';
import { inboundSmsRoutes } from './inbound-sms.routes.js';
import type { InboundSmsDeps } from './inbound-sms.service.js';
import { sharedNumberOf } from '../numbers/index.js';
import { reconcileStaleStatuses } from './status-reconcile.js';
import { smsStatusRoutes } from './sms-status.routes.js';

export type SmsModuleOptions = {
  now: Clock;
  sms: SmsProvider;
  storage: MediaStorage;
  translation: TranslationRequests;
};

/**
 * SMS, the Twilio channel: inbound texts (Twilio's webhook, the sandbox's simulated reply,
 * unmatched texts, MMS media), the status callbacks of the texts we send, and the look-up of
 * statuses whose callback was lost. The provider itself (Twilio or its sandbox twin) is built by
 * the composition root with `createSmsProvider`; messaging's send worker sends through it.
 */
export const smsModule: FastifyPluginAsync<SmsModuleOptions> = async (
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
  await app.register(smsStatusRoutes);

  // Lost status callbacks: texts stuck "sending" are looked up at the provider, checked as often
  // as they may go stale (at most once a minute). Every process may do it: applying is idempotent.
  const reconcileAfter = config.messaging.statusReconcileAfterSeconds;
  if (sms.fetchStatus) {
    sweepEvery(app, Math.min(reconcileAfter, 60) * 1000, 'status reconciliation', () =>
      reconcileStaleStatuses({
        db: app.database.db,
        sms,
        events: app.events,
        log: app.log,
        now,
        staleAfterSeconds: reconcileAfter,
      }),
    );
  }
};
