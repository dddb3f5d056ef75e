import type { SendingStatus } from '@leasing/contract';

/**
 * Twilio's message states in the order they happen. A callback may arrive late or out of order;
 * only a state further along than the one recorded is applied.
 */
const RANK: Record<string, number> = {
  accepted: 1,
  scheduled: 1,
  queued: 1,
  sending: 2,
  sent: 3,
  delivered: 4,
  read: 5,
  undelivered: 4,
  failed: 4,
  canceled: 4,
};

export const providerStatusRank = (status: string | null) => (status ? (RANK[status] ?? 0) : 0);

export const isKnownProviderStatus = (status: string) => status in RANK;

export const sendingStatusFor = (providerStatus: string): SendingStatus => {
  if (['sent', 'delivered', 'read'].includes(providerStatus)) return 'COMPLETED';
  if (['undelivered', 'failed', 'canceled'].includes(providerStatus)) return 'FAILED';
  return 'IN_PROGRESS';
};

/** Readable reasons for the error codes staff meet most; others are named by their code. */
const ERROR_REASONS: Record<string, string> = {
  '21211': "The lead's phone number is not a valid phone number.",
  '21610': 'The lead has replied STOP to this number: they opted out of SMS.',
  '21614': "The lead's number cannot receive SMS (it is not a mobile number).",
  '30003': "The lead's handset is unreachable (switched off or out of coverage).",
  '30004': 'The message was blocked by the receiving carrier or the lead.',
  '30005': "The lead's number does not exist or is no longer in service.",
  '30006': "The lead's number is a landline or cannot receive SMS.",
  '30007': 'The carrier filtered the message as spam.',
};

export const failureReasonFor = (errorCode: string | undefined, fallback: string) =>
  (errorCode && ERROR_REASONS[errorCode]) ??
  (errorCode ? `${fallback} (error ${errorCode})` : fallback);

export const OPTED_OUT_ERROR_CODE = '21610';
