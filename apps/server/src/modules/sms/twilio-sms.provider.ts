import { PermanentSendError, TransientSendError } from '../../providers/send-errors.js';
import type { SmsProvider } from '../../providers/sms-provider.js';

export type TwilioOptions = {
  apiUrl: string;
  accountSid: string;
  authToken: string;
  messagingServiceSid: string | undefined;
  timeoutMs?: number;
};

type TwilioError = { code?: number; message?: string };

/** Twilio's REST Messages API: one form-encoded POST per message, Basic auth. */
export const createTwilioSmsProvider = (options: TwilioOptions): SmsProvider => {
  const endpoint = `${options.apiUrl}/2010-04-01/Accounts/${options.accountSid}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;

  return {
    kind: 'twilio',
    fetchStatus: async (messageSid) => {
      const url = `${options.apiUrl}/2010-04-01/Accounts/${options.accountSid}/Messages/${encodeURIComponent(messageSid)}.json`;
      const response = await fetch(url, {
        headers: { authorization },
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      if (response.status === 404) return undefined;
      if (!response.ok) throw new Error(`Twilio ${response.status} fetching message ${messageSid}`);
      const payload = (await response.json()) as { status?: string; error_code?: number | null };
      if (!payload.status) return undefined;
      return {
        status: payload.status,
        errorCode: payload.error_code == null ? undefined : String(payload.error_code),
      };
    },
    send: async (message) => {
      const form = new URLSearchParams({
        To: message.to,
        Body: message.body,
        StatusCallback: message.statusCallback,
      });
      if (options.messagingServiceSid) form.set('MessagingServiceSid', options.messagingServiceSid);
      else form.set('From', message.from);
      for (const url of message.mediaUrls) form.append('MediaUrl', url);

      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (error) {
        throw new TransientSendError(
          `Twilio could not be reached: ${(error as Error).message}`,
          undefined,
        );
      }
      const payload = (await response.json().catch(() => ({}))) as TwilioError & {
        sid?: string;
        status?: string;
      };
      if (response.ok && payload.sid) {
        return { providerMessageId: payload.sid, providerStatus: payload.status ?? 'queued' };
      }
      const reason = `Twilio ${response.status}${payload.code ? ` error ${payload.code}` : ''}: ${payload.message ?? response.statusText}`;
      const code = payload.code === undefined ? undefined : String(payload.code);
      if (response.status === 429 || response.status >= 500)
        throw new TransientSendError(reason, code);
      throw new PermanentSendError(reason, code);
    },
  };
};
