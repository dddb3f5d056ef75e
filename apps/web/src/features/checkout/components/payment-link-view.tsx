import { paymentErrorCodes, type PublicPaymentLink } from '@leasing/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { ExpiredLink, InvalidLink, LinkLoadError, PaymentsUnavailable } from './link-unavailable';
import { PaymentLoading } from './payment-layout';
import { PaymentReceipt } from './payment-receipt';

export type PaymentLinkViewProps = {
  linkQuery: UseQueryResult<PublicPaymentLink>;
  /** The payment was made on this visit (here or on the provider's page). */
  justPaid?: boolean;
  /** What an ACTIVE link shows; every other state looks the same on each page. */
  children: (link: PublicPaymentLink) => ReactNode;
};

/** Loading, not valid, expired or paid: the states a payment link page shares. */
export function PaymentLinkView({ linkQuery, justPaid = false, children }: PaymentLinkViewProps) {
  // A failed refetch keeps the link it had: what the payer sees does not vanish over a dropped call.
  const link = linkQuery.data;
  if (!link) {
    if (linkQuery.isPending) return <PaymentLoading />;
    if (isUnknownLink(linkQuery.error)) return <InvalidLink />;
    if (isPaymentsUnavailable(linkQuery.error)) {
      return <PaymentsUnavailable message={linkQuery.error.message} />;
    }
    return (
      <LinkLoadError
        message={linkQuery.error?.message ?? ''}
        onRetry={() => void linkQuery.refetch()}
      />
    );
  }
  if (link.status === 'EXPIRED') return <ExpiredLink link={link} />;
  if (link.status === 'PAID') return <PaymentReceipt link={link} justPaid={justPaid} />;
  return children(link);
}

/** Forged or unknown, or not a link this host opens. */
function isUnknownLink(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    (error.code === paymentErrorCodes.invalidLink || error.code === 'NOT_FOUND')
  );
}

/** The server takes no payments (no provider set up): trying again will not help. */
function isPaymentsUnavailable(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError && error.code === paymentErrorCodes.paymentsUnavailable;
}
