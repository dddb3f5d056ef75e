import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../../config.js';
import {
  createSandboxEmailTransport,
  createSmtpTransport,
  type EmailTransport,
} from '../../providers/email-transport.js';
import { createSandboxSmsProvider } from '../../providers/sandbox-sms.provider.js';
import type { SmsProvider } from '../../providers/sms-provider.js';
import { createTwilioSmsProvider } from '../../providers/twilio-sms.provider.js';
import { createLocalMediaStorage, type MediaStorage } from './media.storage.js';
import { createS3MediaStorage, s3MediaLocation } from './s3-media.storage.js';
import { createSendLimits, type SendLimits } from './send-limits.js';

/** What messages leave through and files live in, built once by the composition root. */
export type MessagingProviders = {
  sms: SmsProvider;
  email: EmailTransport;
  storage: MediaStorage;
  /** One per app: every route that sends for a person counts against the same limits. */
  limits: SendLimits;
  /** Closes the SMTP pool and the S3 client. */
  close: () => Promise<void>;
};

/** The providers the configuration names (Twilio, SMTP, S3), or their sandbox twins. */
export const createMessagingProviders = (
  config: AppConfig,
  counterRedis: Redis | null,
  log: FastifyBaseLogger,
): MessagingProviders => {
  const sms = config.messaging.twilio
    ? createTwilioSmsProvider({ apiUrl: config.messaging.twilioApiUrl, ...config.messaging.twilio })
    : createSandboxSmsProvider();
  const email = config.messaging.smtpUrl
    ? createSmtpTransport(config.messaging.smtpUrl)
    : createSandboxEmailTransport();
  const bucket = config.mediaS3 && s3MediaLocation(config.mediaS3);
  const storage = bucket
    ? createS3MediaStorage(bucket)
    : createLocalMediaStorage(join(config.dataDir, 'media'));
  const limits = createSendLimits(counterRedis, config.sendLimitsPerMinute);
  log.info(
    { sms: sms.kind, email: email.kind, media: bucket ? 's3' : 'local' },
    'messaging providers',
  );
  return {
    sms,
    email,
    storage,
    limits,
    close: async () => {
      await email.close();
      if (bucket) bucket.client.destroy();
    },
  };
};
