/** Twilio's REST Calls API (`POST /2010-04-01/Accounts/{AccountSid}/Calls.json`), Basic auth. */

export type TwilioCallsOptions = {
  /** TWILIO_API_URL (a loopback double in tests). */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  timeoutMs?: number;
};

/** What Twilio is asked to do: ring `to` from `from`, then ask `url` what to say. */
export type NewTwilioCall = {
  to: string;
  from: string;
  url: string;
  statusCallback: string;
  /** How long `to` rings before Twilio gives up. */
  timeoutSeconds: number;
};

/** Twilio refused the call (its own words), or could not be asked. */
export class CallNotPlacedError extends Error {
  constructor(
    message: string,
    /** Twilio's error code, when it answered one. */
    readonly code: number | undefined,
  ) {
    super(message);
    this.name = 'CallNotPlacedError';
  }
}

export type TwilioCalls = {
  /** Answers the new call's CallSid and status (`queued`), or throws `CallNotPlacedError`. */
  placeCall: (call: NewTwilioCall) => Promise<{ sid: string; status: string }>;
};

type TwilioAnswer = { sid?: string; status?: string; code?: number; message?: string };

export const createTwilioCalls = (options: TwilioCallsOptions): TwilioCalls => {
  const endpoint = `${options.apiUrl}/2010-04-01/Accounts/${options.accountSid}/Calls.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;

  return {
    placeCall: async (call) => {
      const form = new URLSearchParams({
        To: call.to,
        From: call.from,
        Url: call.url,
        Method: 'POST',
        StatusCallback: call.statusCallback,
        StatusCallbackMethod: 'POST',
        Timeout: String(call.timeoutSeconds),
      });
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (error) {
        throw new CallNotPlacedError(
          `Twilio could not be reached: ${(error as Error).message}`,
          undefined,
        );
      }
      const answer = (await response.json().catch(() => ({}))) as TwilioAnswer;
      if (response.ok && answer.sid) return { sid: answer.sid, status: answer.status ?? 'queued' };
      const words = answer.message ?? `HTTP ${response.status} ${response.statusText}`.trim();
      throw new CallNotPlacedError(
        `Twilio refused the call: ${words}${answer.code ? ` (error ${answer.code})` : ''}`,
        answer.code,
      );
    },
  };
};
