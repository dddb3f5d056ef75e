import { apiPaths, companyNumberSchema, updateNumberRequestSchema } from '@leasing/contract';
import type { CompanyNumber, UpdateNumberRequest } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { NUMBERS_QUERY_KEY } from './get-numbers';

/**
 * Changes a number: the source a new lead gets when its first text or call comes to it, and the
 * property it is a tracking number of (null: none).
 */
export function updateNumber(
  numberId: string,
  change: UpdateNumberRequest,
): Promise<CompanyNumber> {
  return apiRequest(apiPaths.number(numberId), {
    method: 'PATCH',
    body: updateNumberRequestSchema.parse(change),
    schema: companyNumberSchema,
  });
}

/** The row takes the answer; Settings → Sources counts the number under its new source. */
export const useUpdateNumber = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ numberId, change }: { numberId: string; change: UpdateNumberRequest }) =>
      updateNumber(numberId, change),
    onSuccess: (changed) => {
      queryClient.setQueryData<CompanyNumber[]>(NUMBERS_QUERY_KEY, (numbers) =>
        numbers?.map((number) => (number._id === changed._id ? changed : number)),
      );
      return queryClient.invalidateQueries({ queryKey: ['lead-sources'] });
    },
  });
};
