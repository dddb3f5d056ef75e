import { apiPaths, companyNumberSchema, setSourceRequestSchema } from '@leasing/contract';
import type { CompanyNumber } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { NUMBERS_QUERY_KEY } from './get-numbers';

/** The source a new lead gets when its first text comes to this number (null: none). */
export function setNumberSource(numberId: string, sourceId: string | null): Promise<CompanyNumber> {
  return apiRequest(apiPaths.number(numberId), {
    method: 'PATCH',
    body: setSourceRequestSchema.parse({ sourceId }),
    schema: companyNumberSchema,
  });
}

/** The row takes the answer; Settings → Sources counts the number under its new source. */
export const useSetNumberSource = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ numberId, sourceId }: { numberId: string; sourceId: string | null }) =>
      setNumberSource(numberId, sourceId),
    onSuccess: (changed) => {
      queryClient.setQueryData<CompanyNumber[]>(NUMBERS_QUERY_KEY, (numbers) =>
        numbers?.map((number) => (number._id === changed._id ? changed : number)),
      );
      return queryClient.invalidateQueries({ queryKey: ['lead-sources'] });
    },
  });
};
