import { apiPaths, meSchema, updateMeRequestSchema } from '@leasing/contract';
import type { Me, UpdateMeRequest } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getUserQueryOptions } from './get-user';

/** One's own phone, the one click-to-call rings first (null removes it). */
export function updateMyPhone(input: UpdateMeRequest): Promise<Me> {
  return apiRequest(apiPaths.me, {
    method: 'PATCH',
    body: updateMeRequestSchema.parse(input),
    schema: meSchema,
  });
}

/** The server answers the whole profile: it becomes the signed-in user as the app knows them. */
export function useUpdateMyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['update-my-phone'],
    mutationFn: updateMyPhone,
    onSuccess: (me) => {
      queryClient.setQueryData(getUserQueryOptions().queryKey, me);
    },
  });
}
