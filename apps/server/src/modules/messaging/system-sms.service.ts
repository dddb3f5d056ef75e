import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { sandboxOutbox } from '../../db/schema/index.js';
import { HttpError } from '../../lib/errors.js';
import type { SmsProvider } from '../../providers/sms-provider.js';
import { sendingNumberOf, sharedNumberOf } from '../numbers/index.js';
import { MAX_SLOT_WAIT_MS, peekNextSlot, reserveSendSlot, waitUntil } from './sending-rate.js';

export type SystemSmsDeps = { db: Db; config: AppConfig; sms: SmsProvider };

/**
 * A text the application sends to a phone that proves something (a booking's one-time code), not a
 * message to a lead: it has no timeline event and is not queued — the person waits for it on the
 * page, and a failure is theirs to see at once. It leaves from the property's number (else the
 * company's or the deployment's), within the number's sending rate; the sandbox keeps it in the
 * outbox.
 */
export const sendSystemSms = async (
  deps: SystemSmsDeps,
  message: {
    companyId: string;
    property: { companyId: string; smsNumber: string | null };
    to: string;
    body: string;
  },
): Promise<void> => {
  const from = await sendingNumberOf(deps.db, sharedNumberOf(deps.config), message.property);
  // Said to the person waiting for the text, who can do nothing about the company's numbers.
  if (!from) throw new HttpError('NO_SMS_NUMBER', 'Texts cannot be sent from here yet.');
  if ((await peekNextSlot(deps.db, from)).getTime() - Date.now() > MAX_SLOT_WAIT_MS) {
    throw new HttpError('RATE_LIMITED', 'We cannot send texts right now. Try again in a minute.');
  }
  await waitUntil(await reserveSendSlot(deps.db, from, deps.config.messaging.messagesPerSecond));
  try {
    await deps.sms.send({
      to: message.to,
      from,
      body: message.body,
      mediaUrls: [],
      statusCallback: `${deps.config.publicUrl}/webhooks/twilio/status`,
    });
  } catch {
    throw new HttpError(
      'VALIDATION',
      'We could not text that number. Check it and try again.',
      {},
      [{ path: 'body.phone', message: 'could not be texted' }],
    );
  }
  if (deps.sms.kind === 'sandbox') {
    await deps.db.insert(sandboxOutbox).values({
      companyId: message.companyId,
      channel: 'SMS',
      from,
      to: message.to,
      body: message.body,
    });
  }
};
