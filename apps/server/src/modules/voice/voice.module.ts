import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { sharedNumberOf } from '../numbers/index.js';
import { sweepEvery } from '../../lib/sweep.js';
import type { MediaStorage } from '../messaging/index.js';
import { startRecordingCopyWorker } from './call-recording-copy.job.js';
import { callRecordingRoutes } from './call-recording.routes.js';
import { deleteExpiredRecordings } from './recording-retention.service.js';
import type { VoiceDeps } from './inbound-calls.service.js';
import { leadCallsRoutes } from './lead-calls.routes.js';
import { createTwilioCalls } from './twilio-calls.provider.js';
import { voiceSettingsRoutes } from './voice-settings.routes.js';
import { voiceWebhookRoutes } from './voice-webhooks.routes.js';

export type VoiceModuleOptions = {
  now: Clock;
  /** The private recordings storage (`MessagingProviders.recordings`): our copy of each recording. */
  recordings: MediaStorage;
  /** The staff of a company with the console open now: the agents on duty a call may ring. */
  staffOnDuty?: (companyId: string) => Promise<string[]>;
  /** How often recordings past their retention are looked for (an hour by default). */
  recordingSweepMs?: number;
};

/**
 * Voice, the Twilio calls: a call to a property's number is stored on its lead's timeline (a new
 * lead for a stranger), greets the caller, rings the property's forwarding numbers and takes a
 * voicemail when nobody answers; Twilio's callbacks complete the call, and a missed call gets one
 * text. Staff call a lead from the pane (Twilio rings their own phone, then the lead), or in the
 * sandbox simulate a call from the lead. Admins set each property's call settings; staff play a
 * voicemail through the console.
 */
export const voiceModule: FastifyPluginAsync<VoiceModuleOptions> = async (
  app,
  { now, recordings, staffOnDuty, recordingSweepMs = 60 * 60 * 1000 },
) => {
  const { config } = app;
  const deps: VoiceDeps = {
    db: app.database.db,
    events: app.events,
    queue: app.queue,
    jobExpireSeconds: config.messaging.sendJobExpireSeconds,
    shared: sharedNumberOf(config),
    publicUrl: config.publicUrl,
    now,
    ...(staffOnDuty ? { staffOnDuty } : {}),
  };
  const { twilio } = config.messaging;
  const calls = twilio
    ? createTwilioCalls({ apiUrl: config.messaging.twilioApiUrl, ...twilio })
    : undefined;
  await app.register(voiceWebhookRoutes, { deps });
  await app.register(voiceSettingsRoutes, { deps });
  await app.register(leadCallsRoutes, { deps: { ...deps, calls } });
  // Once an hour: recordings past their company's retention are deleted (audited).
  sweepEvery(app, recordingSweepMs, 'recording retention sweep', () =>
    deleteExpiredRecordings({
      db: app.database.db,
      events: app.events,
      now,
      twilio: config.messaging.twilio,
      apiUrl: config.messaging.twilioApiUrl,
      recordings,
    }),
  );
  // Each recording Twilio names is copied into our storage (`call-recording-copy.job.ts`).
  await startRecordingCopyWorker(app.queue, {
    database: app.database,
    recordings,
    twilio: config.messaging.twilio,
    apiUrl: config.messaging.twilioApiUrl,
    log: app.log,
  });
  await app.register(callRecordingRoutes, {
    deps: {
      db: app.database.db,
      twilio: config.messaging.twilio,
      apiUrl: config.messaging.twilioApiUrl,
      recordings,
    },
  });
};
