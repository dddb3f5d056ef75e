import { apiPaths, leadSchema } from '@leasing/contract';
import type { Lead } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

type GetLeadInput = { propertyId: string; leadId: string; signal?: AbortSignal };

/** `leadId` is the lead's id in the property-management system (pmsLeadId). */
export function getLead({ propertyId, leadId, signal }: GetLeadInput): Promise<Lead> {
  return apiRequest(apiPaths.lead(propertyId, leadId), { schema: leadSchema, signal });
}

export const getLeadQueryKey = (propertyId: string, leadId: string) =>
  ['lead', propertyId, leadId] as const;

export const getLeadQueryOptions = (propertyId: string, leadId: string) =>
  queryOptions({
    queryKey: getLeadQueryKey(propertyId, leadId),
    queryFn: ({ signal }) => getLead({ propertyId, leadId, signal }),
  });

export const useLead = (propertyId: string, leadId: string) =>
  useQuery(getLeadQueryOptions(propertyId, leadId));
