import { apiPaths, bookedTourSchema, bookTourRequestSchema } from '@leasing/contract';
import type { BookedTour, BookTourRequest, Lead } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getLeadQueryKey } from '../../../lib/conversation-cache/conversation-cache';
import { TOURS_QUERY_KEY_ROOT } from './get-tours';
import { TOUR_SLOTS_QUERY_KEY_ROOT } from './get-tour-slots';

type LeadRef = Pick<Lead, '_id' | 'propertyID' | 'pmsLeadId'>;

export function bookTour(leadId: string, input: BookTourRequest): Promise<BookedTour> {
  return apiRequest(apiPaths.leadTours(leadId), {
    method: 'POST',
    body: bookTourRequestSchema.parse(input),
    schema: bookedTourSchema,
  });
}

/**
 * Books the tour. Whatever the answer, the free slots are asked for again (a slot taken first is
 * gone from them); a booking reloads the lead (its tour date) and the tours calendar. The timeline
 * event arrives live, as every console's does.
 */
export function useBookTour(lead: LeadRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['book-tour', lead._id],
    mutationFn: (input: BookTourRequest) => bookTour(lead._id, input),
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
