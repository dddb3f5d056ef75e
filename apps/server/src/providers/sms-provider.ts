export type SmsMessage = {
  to: string;
  from: string;
  body: string;
  mediaUrls: string[];
  statusCallback: string;
};

/** What the provider answered: its id for the message and its first status (queued, sent, ...). */
export type SmsAccepted = { providerMessageId: string; providerStatus: string };

export type SmsProvider = {
  kind: 'twilio' | 'sandbox';
  send: (message: SmsMessage) => Promise<SmsAccepted>;
};
