import { apiPaths, bookedTourSchema, updateTourRequestSchema } from '@leasing/contract';
import type { BookedTour, TourKind } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getLeadQueryKey } from '../../../lib/conversation-cache/conversation-cache';
import { TOURS_QUERY_KEY_ROOT } from './get-tours';
import { TOUR_SLOTS_QUERY_KEY_ROOT } from './get-tour-slots';

export type RescheduleTourInput = { start: string; type: TourKind };

export function rescheduleTour(tourId: string, input: RescheduleTourInput): Promise<BookedTour> {
  return apiRequest(apiPaths.tour(tourId), {
    method: 'PATCH',
    body: updateTourRequestSchema.parse(input),
    schema: bookedTourSchema,
  });
}

type LeadRef = { propertyID: string; pmsLeadId: string };

/**
 * Moves a booked tour into another free slot (the server texts and emails the lead the new time).
 * Whatever the answer, the free slots are asked for again; a move reloads the lead and the tours.
 */
export function useRescheduleTour(tourId: string, lead: LeadRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['reschedule-tour', tourId],
    mutationFn: (input: RescheduleTourInput) => rescheduleTour(tourId, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: getLeadQueryKey(lead.propertyID, lead.pmsLeadId),
        }),
        queryClient.invalidateQueries({ queryKey: [TOURS_QUERY_KEY_ROOT] }),
      ]),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [TOUR_SLOTS_QUERY_KEY_ROOT] }),
  });
}
