import { apiPaths, propertyListSchema } from '@leasing/contract';
import type { Property } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getProperties({ signal }: { signal?: AbortSignal } = {}): Promise<Property[]> {
  return apiRequest(apiPaths.properties, { schema: propertyListSchema, signal });
}

export const getPropertiesQueryOptions = () =>
  queryOptions({
    queryKey: ['properties'],
    queryFn: ({ signal }) => getProperties({ signal }),
  });

export const useProperties = () => useQuery(getPropertiesQueryOptions());
