import { apiPaths, tourCalendarFeedSchema } from '@leasing/contract';
import type { TourCalendarFeed } from '@leasing/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const MY_TOUR_CALENDAR_QUERY_KEY = ['my-tour-calendar'] as const;

/** Whether the signed-in person's tour calendar link works (the link itself is shown once). */
export const useMyTourCalendar = (enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: MY_TOUR_CALENDAR_QUERY_KEY,
      queryFn: ({ signal }) =>
        apiRequest(apiPaths.myTourCalendar, { schema: tourCalendarFeedSchema, signal }),
      enabled,
    }),
  );

/** Makes the link, or a new one in place of the old: the answer carries it, once. */
export const useRenewMyTourCalendar = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<TourCalendarFeed> =>
      apiRequest(apiPaths.myTourCalendar, { method: 'POST', schema: tourCalendarFeedSchema }),
    onSuccess: (feed) =>
      queryClient.setQueryData(MY_TOUR_CALENDAR_QUERY_KEY, { ...feed, url: null }),
  });
};

/** Turns the link off: calendars subscribed to it stop getting tours. */
export const useTurnOffMyTourCalendar = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<TourCalendarFeed> =>
      apiRequest(apiPaths.myTourCalendar, { method: 'DELETE', schema: tourCalendarFeedSchema }),
    onSuccess: (feed) => queryClient.setQueryData(MY_TOUR_CALENDAR_QUERY_KEY, feed),
  });
};
