import type { AppConfig } from '../config.js';

/**
 * Which numbers this deployment may text from: the ones its Twilio account owns. A company can
 * register a number only when the inventory has it, so nobody claims a number the deployment does
 * not have (or a range another company is about to buy).
 */
export type NumberInventory = {
  kind: 'twilio' | 'sandbox';
  /** Whether the number (E.164) is one of the deployment's; throws when that cannot be told. */
  has: (e164: string) => Promise<boolean>;
};

/** The check could not be made (Twilio unreachable or answering an error): nothing is registered. */
export class InventoryUnavailableError extends Error {
  override name = 'InventoryUnavailableError';
}

/**
 * The sandbox sends nothing, so it owns only numbers nobody can: the 555 exchange (+1 NPA 555
 * xxxx), which North American carriers keep out of service — Twilio's test numbers (+1 500 555
 * xxxx, the sandbox's TWILIO_FROM +15005550006) and the fictional numbers the demo uses.
 */
const SANDBOX_NUMBER = /^\+1[2-9]\d{2}555\d{4}$/;

export const sandboxNumberInventory: NumberInventory = {
  kind: 'sandbox',
  has: async (e164) => SANDBOX_NUMBER.test(e164),
};

type TwilioInventoryOptions = {
  apiUrl: string;
  accountSid: string;
  authToken: string;
  timeoutMs?: number;
};

/** Twilio's IncomingPhoneNumbers resource, filtered by the exact number. */
export const createTwilioNumberInventory = (options: TwilioInventoryOptions): NumberInventory => {
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    kind: 'twilio',
    has: async (e164) => {
      const url = `${options.apiUrl}/2010-04-01/Accounts/${options.accountSid}/IncomingPhoneNumbers.json?PhoneNumber=${encodeURIComponent(e164)}`;
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { authorization },
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (error) {
        throw new InventoryUnavailableError(
          `Twilio could not be reached: ${(error as Error).message}`,
        );
      }
      if (!response.ok) {
        throw new InventoryUnavailableError(`Twilio ${response.status} listing incoming numbers`);
      }
      const payload = (await response.json().catch(() => ({}))) as {
        incoming_phone_numbers?: { phone_number?: string }[];
      };
      return (payload.incoming_phone_numbers ?? []).some((owned) => owned.phone_number === e164);
    },
  };
};

/** The deployment's inventory: Twilio's account when its credentials are set, else the sandbox's. */
export const numberInventoryOf = (config: Pick<AppConfig, 'messaging'>): NumberInventory =>
  config.messaging.twilio
    ? createTwilioNumberInventory({
        apiUrl: config.messaging.twilioApiUrl,
        accountSid: config.messaging.twilio.accountSid,
        authToken: config.messaging.twilio.authToken,
      })
    : sandboxNumberInventory;
