export type SmsMessage = {
  to: string;
  from: string;
  body: string;
  mediaUrls: string[];
  statusCallback: string;
};

/** What the provider answered: its id for the message and its first status (queued, sent, ...). */
export type SmsAccepted = { providerMessageId: string; providerStatus: string };

/** What the provider says of a message now (Twilio's Message resource). */
export type SmsStatusReport = { status: string; errorCode: string | undefined };

export type SmsProvider = {
  kind: 'twilio' | 'sandbox';
  send: (message: SmsMessage) => Promise<SmsAccepted>;
  /**
   * Asks the provider for a message's status: for messages whose status callbacks were lost (the
   * server was down when they came). Undefined when the provider does not know the message.
   */
  fetchStatus?: (providerMessageId: string) => Promise<SmsStatusReport | undefined>;
};
