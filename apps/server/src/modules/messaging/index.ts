export {
  checkEmailFiles,
  checkImages,
  checkTextImageLimits,
  looksLikeImage,
  storeEmailFiles,
  storeGeneratedFile,
  storeInboundFile,
  storeInboundImage,
} from './media.service.js';
export type { CheckedEmailFiles, StoredFile, UploadedFile } from './media.service.js';
export { reportProviderStatus } from './message-status.repository.js';
export { createMessagingProviders } from './messaging-providers.js';
export type { MessagingProviders } from './messaging-providers.js';
export { messagingModule } from './messaging.module.js';
export {
  SEND_QUEUE,
  markMessageFailed,
  messageStatusChanged,
  readMultipartSend,
} from './messaging.service.js';
export type { MediaStorage } from './messaging.service.js';
export { createLocalMediaStorage } from './media.storage.js';
export { createS3Client } from './s3-media.storage.js';
export { cancelScheduledOfSender, cancelScheduledTourTexts } from './scheduled-messages.service.js';
export {
  emailRefusal,
  insertAndEnqueue,
  newEmailMessageId,
  sendAutomaticSms,
  sendSms,
  smsRefusal,
} from './send.service.js';
export type { QueueDeps } from './send.service.js';
export type { SendLimits } from './send-limits.js';
export { enqueueSystemEmail } from './system-email.service.js';
export { sendSystemSms } from './system-sms.service.js';
export type { SystemSmsDeps } from './system-sms.service.js';
