import type { QueryClient } from '@tanstack/react-query';
import { UNMATCHED_COUNT_QUERY_KEY } from './get-unmatched-count';
import { UNMATCHED_QUERY_KEY_ROOT } from './get-unmatched-messages';

/** After a message is resolved: both lists, the count, and the inbox (a lead got a message). */
export const invalidateAfterResolving = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: [UNMATCHED_QUERY_KEY_ROOT] }),
    queryClient.invalidateQueries({ queryKey: UNMATCHED_COUNT_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ['inbox'] }),
  ]);
