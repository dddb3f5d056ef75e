import type { AppConfig } from '../../config.js';
import type { SmsProvider } from '../../providers/sms-provider.js';
import { createSandboxSmsProvider } from './sandbox-sms.provider.js';
import { createTwilioSmsProvider } from './twilio-sms.provider.js';

/** Twilio's REST API when the configuration names an account, its sandbox twin otherwise. */
export const createSmsProvider = (config: AppConfig): SmsProvider =>
  config.messaging.twilio
    ? createTwilioSmsProvider({ apiUrl: config.messaging.twilioApiUrl, ...config.messaging.twilio })
    : createSandboxSmsProvider();
