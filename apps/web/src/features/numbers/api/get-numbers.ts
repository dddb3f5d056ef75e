import { apiPaths, companyNumberListSchema } from '@leasing/contract';
import type { CompanyNumber } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const NUMBERS_QUERY_KEY = ['numbers'] as const;

/** The company's SMS numbers, oldest first, the shared number among them when the company owns it. */
export function getNumbers({ signal }: { signal?: AbortSignal } = {}): Promise<CompanyNumber[]> {
  return apiRequest(apiPaths.numbers, { schema: companyNumberListSchema, signal });
}

export const getNumbersQueryOptions = () =>
  queryOptions({
    queryKey: NUMBERS_QUERY_KEY,
    queryFn: ({ signal }) => getNumbers({ signal }),
  });

export const useNumbers = () => useQuery(getNumbersQueryOptions());
