import { apiPaths, leadSchema } from '@leasing/contract';
import type { ConversationEvent, Lead } from '@leasing/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../../lib/api-client';

type GetLeadInput = { propertyId: string; leadId: string; signal?: AbortSignal };

/** `leadId` is the lead's id in the property-management system (pmsLeadId). */
export function getLead({ propertyId, leadId, signal }: GetLeadInput): Promise<Lead> {
  return apiRequest(apiPaths.lead(propertyId, leadId), { schema: leadSchema, signal });
}

export const getLeadQueryKey = (propertyId: string, leadId: string) =>
  ['lead', propertyId, leadId] as const;

/** How often the lead is reloaded while a message it sent is still on its way. */
export const SENDING_STATUS_REFETCH_MS = 2_000;

/**
 * Whether one of the lead's newest outgoing messages is still queued or sending: its status will
 * change on the server. (Live updates over the socket will replace this polling.)
 */
export function hasMessagesInFlight(lead: Pick<Lead, 'conversations'>): boolean {
  return lead.conversations.some(
    (event) =>
      (event.eventType === 'SMS' || event.eventType === 'EMAIL') &&
      event.senderType !== 'LEAD' &&
      (event.sendingStatus === 'PENDING' || event.sendingStatus === 'IN_PROGRESS'),
  );
}

export const getLeadQueryOptions = (propertyId: string, leadId: string) =>
  queryOptions({
    queryKey: getLeadQueryKey(propertyId, leadId),
    queryFn: ({ signal }) => getLead({ propertyId, leadId, signal }),
    // Re-evaluated on every change of the cached lead: it starts when a sent message is added and
    // stops once a reload shows every message delivered or failed.
    refetchInterval: (query) =>
      query.state.data && hasMessagesInFlight(query.state.data) ? SENDING_STATUS_REFETCH_MS : false,
  });

export const useLead = (propertyId: string, leadId: string) =>
  useQuery(getLeadQueryOptions(propertyId, leadId));

/**
 * Puts a new event (a message just sent) at the head of the lead's cached events, so it shows at
 * once. A reload already under way is cancelled first: its answer may predate the event.
 */
export function useAddLeadEvent(lead: Pick<Lead, 'propertyID' | 'pmsLeadId'>) {
  const queryClient = useQueryClient();
  const { propertyID, pmsLeadId } = lead;
  return useCallback(
    async (event: ConversationEvent) => {
      const queryKey = getLeadQueryKey(propertyID, pmsLeadId);
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<Lead>(queryKey, (old) =>
        old && !old.conversations.some((item) => item._id === event._id)
          ? { ...old, conversations: [event, ...old.conversations] }
          : old,
      );
    },
    [queryClient, propertyID, pmsLeadId],
  );
}
