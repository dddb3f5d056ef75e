export const SEND_QUEUE = 'send-message';
/** Where jobs go once their retries are spent; its worker marks the message FAILED. */
export const SEND_DEAD_LETTER_QUEUE = 'send-message-failed';

export type SendJob = { eventId: string };

/** `expireInSeconds`: a worker that dies mid-send frees its job for another attempt after this long. */
export const sendJobOptions = (expireInSeconds: number) =>
  ({ retryLimit: 6, retryDelay: 5, retryBackoff: true, expireInSeconds }) as const;

/**
 * 'Send later': one job per scheduled message and time, starting at that time. It releases the
 * message (SCHEDULED → PENDING, with a send job in the same transaction) or holds it for the
 * send window; it never sends by itself.
 */
export const SCHEDULED_RELEASE_QUEUE = 'send-message-release';

export type ReleaseJob = { eventId: string };

/**
 * Release workers per process, and the releases each runs side by side: a minute with thousands
 * of messages due drains at the numbers' rate, not one release after the other. Each release is
 * one conditional UPDATE, so running them together stays exactly once.
 */
export const RELEASE_WORKERS = 2;
export const RELEASE_BATCH = 25;

/**
 * How long a release job may stay active: a process that dies holding one frees it after this
 * long for another (pg-boss's default is 15 minutes, a missed-call text's whole point gone). A
 * release is one conditional UPDATE, so running it twice changes nothing.
 */
export const RELEASE_JOB_EXPIRE_SECONDS = 60;

/** Its singleton key: one release job per message and time, however often it is asked for. */
export const releaseJobOptions = (eventId: string, at: Date) =>
  ({
    startAfter: at,
    singletonKey: `${eventId}:${at.toISOString()}`,
    expireInSeconds: RELEASE_JOB_EXPIRE_SECONDS,
    retryLimit: 10,
    retryDelay: 5,
    retryBackoff: true,
  }) as const;

/**
 * Marks in a message's data a release nobody pressed (its time came): the send worker asks the
 * send window again before the provider, since a text may wait for its number's slot.
 */
export const UNATTENDED_RELEASE = 'releasedUnattended';
