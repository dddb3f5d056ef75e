import { apiPaths, lostReasonListSchema } from '@leasing/contract';
import type { LostReasonList } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Shared with Settings → Pipeline, which changes the list and invalidates this key. */
export const LOST_REASONS_QUERY_KEY = ['lost-reasons'] as const;

export function getLostReasons(signal?: AbortSignal): Promise<LostReasonList> {
  return apiRequest(apiPaths.lostReasons, { schema: lostReasonListSchema, signal });
}

export const getLostReasonsQueryOptions = () =>
  queryOptions({
    queryKey: LOST_REASONS_QUERY_KEY,
    queryFn: ({ signal }) => getLostReasons(signal),
  });

/** The company's reasons for losing a lead (the 'Mark lost' dialog offers them). */
export const useLostReasons = (enabled = true) =>
  useQuery({ ...getLostReasonsQueryOptions(), enabled });
