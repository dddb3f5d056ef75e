import { addNumberRequestSchema, apiPaths, companyNumberSchema } from '@leasing/contract';
import type { AddNumberRequest, CompanyNumber } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { NUMBERS_QUERY_KEY } from './get-numbers';

/**
 * Registers a number to the company: texts to it reach this company only. The server writes it
 * in E.164 whatever way it was typed, and refuses one that any company already has.
 */
export function addNumber(input: AddNumberRequest): Promise<CompanyNumber> {
  return apiRequest(apiPaths.numbers, {
    method: 'POST',
    body: addNumberRequestSchema.parse(input),
    schema: companyNumberSchema,
  });
}

export const useAddNumber = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addNumber,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NUMBERS_QUERY_KEY }),
  });
};
