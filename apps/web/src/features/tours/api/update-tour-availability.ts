import { apiPaths, propertyTourAvailabilitySchema } from '@leasing/contract';
import type { PropertyTourAvailability, TourAvailability } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getTourAvailabilityQueryOptions } from './get-tour-availability';
import { TOUR_SLOTS_QUERY_KEY_ROOT } from './get-tour-slots';

export function updateTourAvailability(
  propertyId: string,
  availability: TourAvailability,
): Promise<PropertyTourAvailability> {
  return apiRequest(apiPaths.propertyTourAvailability(propertyId), {
    method: 'PUT',
    body: availability,
    schema: propertyTourAvailabilitySchema,
  });
}

/** Managers and admins change a property's tour types, hours and limits (audited on the server). */
export const useUpdateTourAvailability = (propertyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (availability: TourAvailability) =>
      updateTourAvailability(propertyId, availability),
    onSuccess: (saved) => {
      queryClient.setQueryData(getTourAvailabilityQueryOptions(propertyId).queryKey, saved);
      // The free times follow from the availability.
      void queryClient.invalidateQueries({ queryKey: [TOUR_SLOTS_QUERY_KEY_ROOT] });
    },
  });
};
