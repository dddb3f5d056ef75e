import { apiPaths, companyNumberSchema } from '@leasing/contract';
import type { CompanyNumber } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { NUMBERS_QUERY_KEY } from './get-numbers';

/**
 * Removes a number: texts to it stop reaching the company. The server keeps the shared number and
 * any number a property texts from (409).
 */
export function removeNumber(numberId: string): Promise<CompanyNumber> {
  return apiRequest(apiPaths.number(numberId), { method: 'DELETE', schema: companyNumberSchema });
}

export const useRemoveNumber = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeNumber,
    onSuccess: (removed) => {
      queryClient.setQueryData<CompanyNumber[]>(NUMBERS_QUERY_KEY, (numbers) =>
        numbers?.filter((number) => number._id !== removed._id),
      );
      // Which number properties without their own fall back to may have changed with it.
      return queryClient.invalidateQueries({ queryKey: NUMBERS_QUERY_KEY });
    },
  });
};
