import type { NewConversationDelivery, TourList } from '@leasing/contract';
import type { QueryClient } from '@tanstack/react-query';
import { TOURS_QUERY_KEY_ROOT } from './get-tours';

const TOUR_EVENTS = new Set(['SCHEDULED_TOUR_APPOINTMENT', 'CANCELED_TOUR_APPOINTMENT']);

/** A calendar shows the lead's tour at another time than the lead now has. */
function showsOtherTourTime(queryClient: QueryClient, delivery: NewConversationDelivery) {
  const { _id, tourDateUTC } = delivery.lead;
  return queryClient
    .getQueriesData<TourList>({ queryKey: [TOURS_QUERY_KEY_ROOT] })
    .some(([, data]) =>
      data?.items.some((tour) => tour._id === _id && tour.tourDateUTC !== tourDateUTC),
    );
}

/**
 * A tour booked, moved or cancelled reloads the calendars (the week shown now, the others when
 * next shown): a tour event arrived, or a lead on a calendar has another tour time now.
 */
export function refreshToursOnDelivery(
  queryClient: QueryClient,
  delivery: NewConversationDelivery,
): void {
  const hasTourEvent = delivery.events.some((event) => TOUR_EVENTS.has(event.eventType));
  if (hasTourEvent || showsOtherTourTime(queryClient, delivery)) {
    void queryClient.invalidateQueries({ queryKey: [TOURS_QUERY_KEY_ROOT] });
  }
}
