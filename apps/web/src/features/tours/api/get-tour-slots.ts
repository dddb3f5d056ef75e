import { apiPaths, tourSlotListSchema } from '@leasing/contract';
import type { TourKind, TourSlotList } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The free slots of one type of tour at a property, between two instants. */
export type TourSlotsParams = { propertyId: string; type: TourKind; from: string; to: string };

export function getTourSlots({
  propertyId,
  type,
  from,
  to,
  signal,
}: TourSlotsParams & { signal?: AbortSignal }): Promise<TourSlotList> {
  return apiRequest(apiPaths.propertyTourSlots(propertyId), {
    query: { from, to, type },
    schema: tourSlotListSchema,
    signal,
  });
}

/** The start of every slots key: a booking (anyone's) makes them all stale. */
export const TOUR_SLOTS_QUERY_KEY_ROOT = 'tour-slots';

export const getTourSlotsQueryOptions = (params: TourSlotsParams) =>
  queryOptions({
    queryKey: [TOUR_SLOTS_QUERY_KEY_ROOT, params],
    queryFn: ({ signal }) => getTourSlots({ ...params, signal }),
  });

export const useTourSlots = (params: TourSlotsParams, { enabled = true } = {}) =>
  useQuery({ ...getTourSlotsQueryOptions(params), enabled });
