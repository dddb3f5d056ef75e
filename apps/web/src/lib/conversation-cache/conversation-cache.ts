/**
 * The one owner of a lead pane's conversation events: the lead's cached detail (its newest events,
 * decision and notes) and the history pages before them. Live updates, the composer, the decision
 * control, payment links and notes all write through these operations, so events merge by `_id`
 * the same way whoever brings them, and no write is lost to a reload under way.
 *
 * It lives in `lib/` rather than in a feature because several features (and the app's live
 * updates) write this cache, and features may not import each other; `lib/` is below every
 * feature. It holds the cache keys and the merging, never a fetcher: the requests stay in their
 * features (`leads/api/get-lead.ts`, `conversations/api/get-conversations.ts`).
 */
import type {
  ConversationEvent,
  Lead,
  LeadSourceResponse,
  LeadStatusResponse,
  NewConversationDelivery,
  NewMessageTranslation,
  Note,
  OptOutReviewResponse,
  OfficeDecisionResponse,
} from '@leasing/contract';
import type { QueryClient } from '@tanstack/react-query';
import { updateQueryDataSurvivingFetch } from '../query-cache-updates';
import {
  addEventsToLead,
  applyDecisionToLead,
  applyDeliveryToLead,
  applyTranslationToLead,
  hasDecisionChanged,
  replaceEventsInPages,
  translated,
  translateEventInPages,
} from './merge-events';
import type { ConversationPages } from './merge-events';

/** The start of every lead's key: reloading all leads after a reconnect uses it. */
export const LEAD_QUERY_KEY_ROOT = 'lead';

/** A lead is loaded by its property and its id in the property-management system. */
export const getLeadQueryKey = (propertyId: string, pmsLeadId: string) =>
  [LEAD_QUERY_KEY_ROOT, propertyId, pmsLeadId] as const;

/** Every history of the lead (by its UUID), whatever cursor it starts at. */
export const getConversationHistoryKeyRoot = (leadID: string) => ['conversations', leadID] as const;

/**
 * The cursor is part of the key: when a reloaded lead starts elsewhere, the old pages would leave
 * a gap.
 */
export const getConversationHistoryKey = (leadID: string, startCursor: string) =>
  [...getConversationHistoryKeyRoot(leadID), startCursor] as const;

/** How the pane names its lead's cache entry. */
export type LeadCacheRef = Pick<Lead, 'propertyID' | 'pmsLeadId'>;

function updateLead(queryClient: QueryClient, lead: LeadCacheRef, update: (lead: Lead) => Lead) {
  updateQueryDataSurvivingFetch<Lead>(
    queryClient,
    getLeadQueryKey(lead.propertyID, lead.pmsLeadId),
    (old) => old && update(old),
  );
}

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
      const [, propertyId, pmsLeadId] = query.queryKey;
      return propertyId === lead.propertyID && pmsLeadId === lead.pmsLeadId;
    },
  });
}

function updateHistories(
  queryClient: QueryClient,
  leadID: string,
  update: (data: ConversationPages) => ConversationPages,
) {
  const queries = queryClient
    .getQueryCache()
    .findAll({ queryKey: getConversationHistoryKeyRoot(leadID) });
  for (const query of queries) {
    updateQueryDataSurvivingFetch<ConversationPages>(
      queryClient,
      query.queryKey,
      (data) => data && update(data),
    );
  }
}

/**
 * Events this tab created (a message just sent, a payment link and its 'sent' event) show at once.
 * The live socket may have brought them first; they show once either way.
 */
export function addConversationEvents(
  queryClient: QueryClient,
  lead: LeadCacheRef,
  events: ConversationEvent[],
): void {
  updateLead(queryClient, lead, (old) => addEventsToLead(old, events));
}

/**
 * Translations heard on the socket, by message, per cache. The socket's answer with a message and
 * the message's translation are sent separately, so the translation can come first: it is set on
 * the message when the message comes.
 */
const heardTranslations = new WeakMap<QueryClient, Map<string, NewMessageTranslation>>();
/** Far more than a console hears in the moments such a race lasts. */
const HEARD_TRANSLATIONS_KEPT = 200;

function rememberTranslation(queryClient: QueryClient, translation: NewMessageTranslation) {
  let heard = heardTranslations.get(queryClient);
  if (!heard) {
    heard = new Map();
    heardTranslations.set(queryClient, heard);
  }
  heard.delete(translation.messageID);
  heard.set(translation.messageID, translation);
  const oldest = heard.keys().next().value;
  if (heard.size > HEARD_TRANSLATIONS_KEPT && oldest !== undefined) heard.delete(oldest);
}

function withHeardTranslations(
  queryClient: QueryClient,
  events: ConversationEvent[],
): ConversationEvent[] {
  const heard = heardTranslations.get(queryClient);
  if (!heard) return events;
  return events.map((event) => {
    const translation = heard.get(event._id);
    return translation && !event.data.translation ? translated(event, translation) : event;
  });
}

/**
 * A delivery from the socket: new events join the lead's newest events, new versions of events
 * (a sending status) replace theirs wherever they are loaded, and the lead takes the facts its
 * summary says are now true. A changed decision reloads the lead: the summary lacks its details.
 */
export function mergeLiveDelivery(
  queryClient: QueryClient,
  received: NewConversationDelivery,
): void {
  const delivery = { ...received, events: withHeardTranslations(queryClient, received.events) };
  for (const query of findLeadQueries(queryClient, delivery.lead)) {
    const cached = query.state.data as Lead | undefined;
    updateQueryDataSurvivingFetch<Lead>(
      queryClient,
      query.queryKey,
      (lead) => lead && applyDeliveryToLead(lead, delivery),
    );
    // The summary lacks the decision's details, a lost reason and a tour's outcome prompt.
    if (
      cached &&
      (hasDecisionChanged(cached, delivery.lead) || cached.status !== delivery.lead.status)
    ) {
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    }
  }
  updateHistories(queryClient, delivery.lead._id, (data) =>
    replaceEventsInPages(data, delivery.events),
  );
}

/** A message's translation, on the message wherever it is loaded, or when it is. */
export function mergeLiveTranslation(
  queryClient: QueryClient,
  translation: NewMessageTranslation,
): void {
  rememberTranslation(queryClient, translation);
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
  updateHistories(queryClient, translation.individualID, (data) =>
    translateEventInPages(data, translation),
  );
}

/**
 * The decision's new state and its completion event. Refetching instead would reload the lead's
 * whole first page of events.
 */
export function applyOfficeDecision(
  queryClient: QueryClient,
  lead: LeadCacheRef,
  response: OfficeDecisionResponse,
): void {
  updateLead(queryClient, lead, (old) => applyDecisionToLead(old, response));
}

/** The lead's new pipeline status and the event recording the change. */
export function applyLeadStatus(
  queryClient: QueryClient,
  lead: LeadCacheRef,
  { state, event }: LeadStatusResponse,
): void {
  updateLead(queryClient, lead, (old) => ({
    ...addEventsToLead(old, event ? [event] : []),
    status: state.status,
    lostReason: state.lostReason,
    tourOutcomePending: state.tourOutcomePending,
  }));
}

/** Where the lead came from, as a person just set it (nothing joins its timeline). */
export function applyLeadSource(
  queryClient: QueryClient,
  lead: LeadCacheRef,
  { source }: LeadSourceResponse,
): void {
  updateLead(queryClient, lead, (old) => ({ ...old, source }));
}

/**
 * A person decided on a lead's message (an opt-out review, a confirmed sender): its new version and
 * any events the decision added, wherever the lead is loaded, and what else `patch` changes.
 */
function applyMessageDecision(
  queryClient: QueryClient,
  leadID: string,
  message: ConversationEvent,
  added: ConversationEvent[],
  patch: (lead: Lead) => Lead = (lead) => lead,
): void {
  const queries = queryClient.getQueryCache().findAll({
    queryKey: [LEAD_QUERY_KEY_ROOT],
    predicate: (query) => (query.state.data as Lead | undefined)?._id === leadID,
  });
  for (const query of queries) {
    updateQueryDataSurvivingFetch<Lead>(
      queryClient,
      query.queryKey,
      (lead) => lead && patch(addEventsToLead(lead, [message, ...added])),
    );
    // The lights (who waits for a reply) are the server's to compute again.
    void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
  }
  updateHistories(queryClient, leadID, (data) => replaceEventsInPages(data, [message]));
}

/**
 * A person decided a text flagged as a possible opt-out: the message's new state, the opt-out's
 * timeline event, and the lead's opt status and consent, wherever the lead is loaded.
 */
export function applyOptOutReview(
  queryClient: QueryClient,
  leadID: string,
  response: OptOutReviewResponse,
): void {
  applyMessageDecision(
    queryClient,
    leadID,
    response.event,
    response.consentEvent ? [response.consentEvent] : [],
    (lead) => ({ ...lead, phoneOptStatus: response.phoneOptStatus, consent: response.consent }),
  );
}

/** A person confirmed the sender of a lead's unverified email: it is the lead's reply now. */
export function applyConfirmedSender(
  queryClient: QueryClient,
  leadID: string,
  message: ConversationEvent,
): void {
  applyMessageDecision(queryClient, leadID, message, []);
}

export function setLeadNotes(queryClient: QueryClient, lead: LeadCacheRef, notes: Note[]): void {
  queryClient.setQueryData<Lead>(getLeadQueryKey(lead.propertyID, lead.pmsLeadId), (old) =>
    old ? { ...old, notes } : old,
  );
}
