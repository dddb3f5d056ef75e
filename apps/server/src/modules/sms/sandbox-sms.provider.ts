import { randomBytes } from 'node:crypto';
import { PermanentSendError } from '../../providers/send-errors.js';
import type { SmsMessage, SmsProvider } from '../../providers/sms-provider.js';

/** Twilio's documented test number for "invalid To"; the sandbox fails it the same way. */
export const SANDBOX_FAILING_NUMBER = '+15005550001';

/**
 * The embedded default: nothing leaves the machine. The worker keeps what would have been sent
 * (the outbox page shows it) and reports delivery through the same status code path a Twilio
 * callback takes.
 */
export const createSandboxSmsProvider = (): SmsProvider => ({
  kind: 'sandbox',
  send: async (message: SmsMessage) => {
    if (message.to === SANDBOX_FAILING_NUMBER) {
      throw new PermanentSendError(
        "Twilio 400 error 21211: The 'To' number is not a valid phone number.",
        '21211',
      );
    }
    return {
      providerMessageId: `SM${randomBytes(16).toString('hex')}`,
      providerStatus: 'delivered',
    };
  },
});
