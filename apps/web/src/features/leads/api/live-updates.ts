import type { Lead, NewConversationDelivery, NewMessageTranslation } from '@leasing/contract';
import type { QueryClient } from '@tanstack/react-query';
import { updateQueryDataSurvivingFetch } from '../../../lib/query-cache-updates';
import {
  applyDeliveryToLead,
  applyTranslationToLead,
  hasDecisionChanged,
  upsertLeadSummary,
} from '../utils/merge-live-updates';
import type { LeadPages } from '../utils/merge-live-updates';
import { LEAD_QUERY_KEY_ROOT } from './get-lead';
import { getLeadsQueryKey } from './get-leads';

/**
 * Cached leads a live update concerns. A lead still loading is included (by its key), so the
 * update is made on its answer should that predate the event.
 */
function findLeadQueries(
  queryClient: QueryClient,
  lead: Pick<Lead, '_id' | 'propertyID' | 'pmsLeadId'>,
) {
  return queryClient.getQueryCache().findAll({
    queryKey: [LEAD_QUERY_KEY_ROOT],
    predicate: (query) => {
      const data = query.state.data as Lead | undefined;
      if (data) return data._id === lead._id;
      const [, propertyId, leadId] = query.queryKey;
      return propertyId === lead.propertyID && leadId === lead.pmsLeadId;
    },
  });
}

/** A delivered event into the open lead's timeline and its property's lead list. */
export function mergeDeliveryIntoLeads(
  queryClient: QueryClient,
  delivery: NewConversationDelivery,
): void {
  for (const query of findLeadQueries(queryClient, delivery.lead)) {
    const cached = query.state.data as Lead | undefined;
    updateQueryDataSurvivingFetch<Lead>(
      queryClient,
      query.queryKey,
      (lead) => lead && applyDeliveryToLead(lead, delivery),
    );
    if (cached && hasDecisionChanged(cached, delivery.lead)) {
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    }
  }
  updateQueryDataSurvivingFetch<LeadPages>(
    queryClient,
    getLeadsQueryKey(delivery.lead.propertyID),
    (data) => data && upsertLeadSummary(data, delivery.lead),
  );
}

export function mergeTranslationIntoLeads(
  queryClient: QueryClient,
  translation: NewMessageTranslation,
): void {
  const queries = queryClient.getQueryCache().findAll({
    queryKey: [LEAD_QUERY_KEY_ROOT],
    predicate: (query) => (query.state.data as Lead | undefined)?._id === translation.individualID,
  });
  for (const query of queries) {
    updateQueryDataSurvivingFetch<Lead>(
      queryClient,
      query.queryKey,
      (lead) => lead && applyTranslationToLead(lead, translation),
    );
  }
}
