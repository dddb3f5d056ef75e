import { apiPaths, templateFitListSchema } from '@leasing/contract';
import type { TemplateFitList } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { TEMPLATES_QUERY_KEY } from './get-templates';

type TemplateFitInput = { leadId: string; channel: 'SMS' | 'EMAIL' };

/**
 * Which templates fit this lead on the channel (every field has a value), those first, each
 * previewed with the lead's values. Under the templates' key: a changed template refreshes it.
 */
export function getTemplateFit(
  { leadId, channel }: TemplateFitInput,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TemplateFitList> {
  return apiRequest(`${apiPaths.leadTemplateFit(leadId)}?channel=${channel}`, {
    schema: templateFitListSchema,
    signal,
  });
}

export const getTemplateFitQueryOptions = (input: TemplateFitInput) =>
  queryOptions({
    queryKey: [...TEMPLATES_QUERY_KEY, 'fit', input.leadId, input.channel],
    queryFn: ({ signal }) => getTemplateFit(input, { signal }),
    // Fields change with the lead (a tour booked, a link sent): asked again each time it opens.
    staleTime: 0,
  });

export const useTemplateFit = (input: TemplateFitInput, { enabled = true } = {}) =>
  useQuery({ ...getTemplateFitQueryOptions(input), enabled });
