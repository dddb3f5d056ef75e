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
  /**
   * Files no URL serves (the `/media/` route reads `storage` only): call recordings, which staff
   * play through the console. A `recordings` folder beside the media, or in the bucket's folder.
   */
  recordings: MediaStorage;
  /** One per app: every route that sends for a person counts against the same limits. */
  limits: SendLimits;
  /** Closes the SMTP pool and the S3 client. */
  close: () => Promise<void>;
};

/** The private folder of call recordings (a media key never holds a `/`, so `/media/` cannot reach it). */
const RECORDINGS = 'recordings';

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
  const recordings = bucket
    ? createS3MediaStorage({
        ...bucket,
        prefix: [bucket.prefix, RECORDINGS].filter(Boolean).join('/'),
      })
    : createLocalMediaStorage(join(config.dataDir, RECORDINGS));
  const limits = createSendLimits(counterRedis, config.sendLimitsPerMinute);
  log.info(
    { sms: sms.kind, email: email.kind, media: bucket ? 's3' : 'local' },
    'messaging providers',
  );
  return {
    sms,
    email,
    storage,
    recordings,
    limits,
    close: async () => {
      await email.close();
      if (bucket) bucket.client.destroy();
    },
  };
};
