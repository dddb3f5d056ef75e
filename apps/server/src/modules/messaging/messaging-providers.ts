import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../../config.js';
import type { EmailTransport } from '../../providers/email-transport.js';
import type { SmsProvider } from '../../providers/sms-provider.js';
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

/**
 * What the send pipeline needs: the channels' providers (built by the sms and email modules'
 * `createSmsProvider` and `createEmailTransport`), and the media storage (S3 or a local folder) and
 * send limits the configuration names.
 */
export const createMessagingProviders = (
  config: AppConfig,
  counterRedis: Redis | null,
  log: FastifyBaseLogger,
  { sms, email }: { sms: SmsProvider; email: EmailTransport },
): MessagingProviders => {
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
