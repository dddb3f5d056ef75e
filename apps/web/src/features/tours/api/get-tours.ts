import { apiPaths, tourListSchema } from '@leasing/contract';
import type { TourList } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Tours of one property, or of all the company's (null), between two instants. */
export type ToursParams = { propertyId: string | null; from: string; to: string };

export function getTours({
  propertyId,
  from,
  to,
  signal,
}: ToursParams & { signal?: AbortSignal }): Promise<TourList> {
  return apiRequest(propertyId ? apiPaths.propertyTours(propertyId) : apiPaths.tours, {
    query: { from, to },
    schema: tourListSchema,
    signal,
  });
}

/** The start of every tours key: a tour booked or cancelled live reloads them all. */
export const TOURS_QUERY_KEY_ROOT = 'tours';

export const getToursQueryOptions = (params: ToursParams) =>
  queryOptions({
    queryKey: [TOURS_QUERY_KEY_ROOT, params],
    queryFn: ({ signal }) => getTours({ ...params, signal }),
  });

/** The week before stays on screen while the next one loads. */
export const useTours = (params: ToursParams) =>
  useQuery({ ...getToursQueryOptions(params), placeholderData: (previous) => previous });
