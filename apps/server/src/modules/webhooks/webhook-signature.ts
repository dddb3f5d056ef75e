import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { webhookHeaders } from '@leasing/contract';

/**
 * Signing as Standard Webhooks does it: the secret is `whsec_` + base64 of random bytes, and
 * `Webhook-Signature` is `v1,` + base64 HMAC-SHA256, keyed with those bytes, of
 * `<Webhook-Id>.<Webhook-Timestamp>.<body>`.
 */
export const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export const USER_AGENT = 'LeasingConsole-Webhooks/1.0';

/** The headers of one attempt: signed anew each time (the timestamp moves, the id stays). */
export const signedHeaders = (
  secret: string,
  deliveryId: string,
  sentAt: Date,
  body: string,
): Record<string, string> => ({
  'content-type': 'application/json',
  'user-agent': USER_AGENT,
  [webhookHeaders.id]: deliveryId,
  [webhookHeaders.timestamp]: String(Math.floor(sentAt.getTime() / 1000)),
  [webhookHeaders.signature]: new Webhook(secret).sign(deliveryId, sentAt, body),
});
