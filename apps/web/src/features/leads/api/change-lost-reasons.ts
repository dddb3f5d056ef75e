import { apiPaths, lostReasonInputSchema, lostReasonSchema } from '@leasing/contract';
import type { LostReason } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { LOST_REASONS_QUERY_KEY } from './get-lost-reasons';

export function addLostReason(name: string): Promise<LostReason> {
  return apiRequest(apiPaths.lostReasons, {
    method: 'POST',
    body: lostReasonInputSchema.parse({ name }),
    schema: lostReasonSchema,
  });
}

export function renameLostReason(reasonId: string, name: string): Promise<LostReason> {
  return apiRequest(apiPaths.lostReason(reasonId), {
    method: 'PATCH',
    body: lostReasonInputSchema.parse({ name }),
    schema: lostReasonSchema,
  });
}

export function removeLostReason(reasonId: string): Promise<unknown> {
  return apiRequest(apiPaths.lostReason(reasonId), { method: 'DELETE', schema: z.unknown() });
}

/** Settings → Pipeline's three changes; each reloads the list the 'Mark lost' dialog offers. */
export function useChangeLostReasons() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: LOST_REASONS_QUERY_KEY });
  return {
    add: useMutation({ mutationFn: addLostReason, onSuccess }),
    rename: useMutation({
      mutationFn: ({ reasonId, name }: { reasonId: string; name: string }) =>
        renameLostReason(reasonId, name),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: removeLostReason, onSuccess }),
  };
}
