import {
  describeDeliveryFailure,
  OPTED_OUT_ERROR_CODE,
  type SendingStatus,
} from '@leasing/contract';

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

/**
 * What a failed message's `data` says about its failure: the contract's words for the code (what
 * happened, what to do), or the provider's text with its code.
 */
export const failureDataFor = (errorCode: string | undefined, fallback: string) => {
  const { reason, action } = describeDeliveryFailure(errorCode, fallback);
  return {
    failureReason: reason,
    ...(action ? { failureAction: action } : {}),
    ...(errorCode ? { failureCode: errorCode } : {}),
  };
};

export { OPTED_OUT_ERROR_CODE };
