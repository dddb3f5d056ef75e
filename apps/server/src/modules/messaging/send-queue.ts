export const SEND_QUEUE = 'send-message';
/** Where jobs go once their retries are spent; its worker marks the message FAILED. */
export const SEND_DEAD_LETTER_QUEUE = 'send-message-failed';

export type SendJob = { eventId: string };

/** `expireInSeconds`: a worker that dies mid-send frees its job for another attempt after this long. */
export const sendJobOptions = (expireInSeconds: number) =>
  ({ retryLimit: 6, retryDelay: 5, retryBackoff: true, expireInSeconds }) as const;
