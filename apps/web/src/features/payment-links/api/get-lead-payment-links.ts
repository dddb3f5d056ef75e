import { apiPaths, leadPaymentLinksSchema } from '@leasing/contract';
import type { LeadPaymentLinks } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Whether links can be made, the lead's amount due and the links sent so far (newest first). */
export function getLeadPaymentLinks({
  leadID,
  signal,
}: {
  leadID: string;
  signal?: AbortSignal;
}): Promise<LeadPaymentLinks> {
  return apiRequest(apiPaths.leadPaymentLinks(leadID), { schema: leadPaymentLinksSchema, signal });
}

export const getLeadPaymentLinksQueryKey = (leadID: string) => ['payment-links', leadID] as const;

/**
 * Asked for each time the dialog opens and not kept after it closes: a payment or a link made
 * since changes the amount due, and a stale one would invite asking twice.
 */
export const getLeadPaymentLinksQueryOptions = (leadID: string) =>
  queryOptions({
    queryKey: getLeadPaymentLinksQueryKey(leadID),
    queryFn: ({ signal }) => getLeadPaymentLinks({ leadID, signal }),
    gcTime: 0,
  });

export const useLeadPaymentLinks = (leadID: string) =>
  useQuery(getLeadPaymentLinksQueryOptions(leadID));
