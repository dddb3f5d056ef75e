import { apiPaths, propertyTourAvailabilitySchema } from '@leasing/contract';
import type { PropertyTourAvailability } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getTourAvailability(
  propertyId: string,
  signal?: AbortSignal,
): Promise<PropertyTourAvailability> {
  return apiRequest(apiPaths.propertyTourAvailability(propertyId), {
    schema: propertyTourAvailabilitySchema,
    signal,
  });
}

export const getTourAvailabilityQueryOptions = (propertyId: string) =>
  queryOptions({
    queryKey: ['tour-availability', propertyId],
    queryFn: ({ signal }) => getTourAvailability(propertyId, signal),
  });

/** A property's tour types, hours and limits: which types 'Schedule tour' offers. */
export const useTourAvailability = (propertyId: string, { enabled = true } = {}) =>
  useQuery({ ...getTourAvailabilityQueryOptions(propertyId), enabled });
