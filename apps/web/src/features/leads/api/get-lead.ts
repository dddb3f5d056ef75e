import { apiPaths, leadSchema } from '@leasing/contract';
import type { ConversationEvent, Lead } from '@leasing/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { updateQueryDataSurvivingFetch } from '../../../lib/query-cache-updates';
import { mergeEventsNewestFirst } from '../utils/merge-live-updates';

type GetLeadInput = { propertyId: string; leadId: string; signal?: AbortSignal };

/** `leadId` is the lead's id in the property-management system (pmsLeadId). */
export function getLead({ propertyId, leadId, signal }: GetLeadInput): Promise<Lead> {
  return apiRequest(apiPaths.lead(propertyId, leadId), { schema: leadSchema, signal });
}

/** The start of every lead's key: reloading all leads after a reconnect uses it. */
export const LEAD_QUERY_KEY_ROOT = 'lead';

export const getLeadQueryKey = (propertyId: string, leadId: string) =>
  [LEAD_QUERY_KEY_ROOT, propertyId, leadId] as const;

/**
 * No polling: new events and sending-status changes arrive over the live socket, and the lead is
 * reloaded whenever the socket connects again.
 */
export const getLeadQueryOptions = (propertyId: string, leadId: string) =>
  queryOptions({
    queryKey: getLeadQueryKey(propertyId, leadId),
    queryFn: ({ signal }) => getLead({ propertyId, leadId, signal }),
  });

export const useLead = (propertyId: string, leadId: string) =>
  useQuery(getLeadQueryOptions(propertyId, leadId));

/**
 * Puts a new event (a message just sent) into the lead's cached events, so it shows at once. A
 * reload under way may answer with the lead from before the event: it is put in again then. The
 * live socket may have brought it first; it shows once either way.
 */
export function useAddLeadEvent(lead: Pick<Lead, 'propertyID' | 'pmsLeadId'>) {
  const queryClient = useQueryClient();
  const { propertyID, pmsLeadId } = lead;
  return useCallback(
    (event: ConversationEvent) => {
      updateQueryDataSurvivingFetch<Lead>(
        queryClient,
        getLeadQueryKey(propertyID, pmsLeadId),
        (old) =>
          old && {
            ...old,
            conversations: mergeEventsNewestFirst(old.conversations, [event], { hasOlder: false }),
          },
      );
    },
    [queryClient, propertyID, pmsLeadId],
  );
}
