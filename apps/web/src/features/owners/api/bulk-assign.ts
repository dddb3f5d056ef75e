import { apiPaths, bulkAssignRequestSchema, bulkAssignResponseSchema } from '@leasing/contract';
import type { BulkAssignResponse, OwnerChoice } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function bulkAssign(leadIds: string[], owner: OwnerChoice): Promise<BulkAssignResponse> {
  return apiRequest(apiPaths.leadsOwner, {
    method: 'POST',
    body: bulkAssignRequestSchema.parse({ leadIds, owner }),
    schema: bulkAssignResponseSchema,
  });
}

/** One owner for the selected leads, all or nothing; the inbox lists reload with their owners. */
export function useBulkAssign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ leadIds, owner }: { leadIds: string[]; owner: OwnerChoice }) =>
      bulkAssign(leadIds, owner),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['inbox'] }),
  });
}
