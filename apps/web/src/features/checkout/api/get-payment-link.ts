import { PAYMENT_LINK_TOKEN_PARAM, apiPaths, publicPaymentLinkSchema } from '@leasing/contract';
import type { PublicPaymentLink } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentRequest } from './payment-request';

/** What the payer sees of the link the token opens; a 404 means the token opens nothing. */
export function getPaymentLink(
  token: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PublicPaymentLink> {
  return paymentRequest(apiPaths.payLink, {
    query: { [PAYMENT_LINK_TOKEN_PARAM]: token },
    schema: publicPaymentLinkSchema,
    signal,
  });
}

export const getPaymentLinkQueryKey = (token: string) => ['payment-link', token] as const;

export const getPaymentLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: getPaymentLinkQueryKey(token),
    queryFn: ({ signal }) => getPaymentLink(token, { signal }),
  });

export type UsePaymentLinkOptions = {
  /**
   * Milliseconds until the link is fetched again given what it is now, or false to stop: for
   * waiting on a payment made on the provider's page.
   */
  pollInterval?: (link: PublicPaymentLink | undefined) => number | false;
};

export const usePaymentLink = (token: string, { pollInterval }: UsePaymentLinkOptions = {}) =>
  useQuery({
    ...getPaymentLinkQueryOptions(token),
    refetchInterval: pollInterval ? (query) => pollInterval(query.state.data) : undefined,
  });
