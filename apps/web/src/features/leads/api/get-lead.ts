import { apiPaths, leadSchema } from '@leasing/contract';
import type { Lead } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getLeadQueryKey } from '../../../lib/conversation-cache/conversation-cache';

type GetLeadInput = { propertyId: string; pmsLeadId: string; signal?: AbortSignal };

/** A lead is asked for by its property and its id in the property-management system. */
export function getLead({ propertyId, pmsLeadId, signal }: GetLeadInput): Promise<Lead> {
  return apiRequest(apiPaths.lead(propertyId, pmsLeadId), { schema: leadSchema, signal });
}

/**
 * No polling: new events and sending-status changes arrive over the live socket, and the lead is
 * reloaded whenever the socket connects again. The key is the conversation cache's, which every
 * write to the lead goes through.
 */
export const getLeadQueryOptions = (propertyId: string, pmsLeadId: string) =>
  queryOptions({
    queryKey: getLeadQueryKey(propertyId, pmsLeadId),
    queryFn: ({ signal }) => getLead({ propertyId, pmsLeadId, signal }),
  });

/**
 * The route's loader has usually asked for the lead already; an answer that failed there is shown,
 * not asked again the moment the page mounts (Retry and the next visit ask again).
 */
export const useLead = (propertyId: string, pmsLeadId: string) =>
  useQuery({ ...getLeadQueryOptions(propertyId, pmsLeadId), retryOnMount: false });
