import { apiPaths, messageTemplateListSchema } from '@leasing/contract';
import type { MessageTemplate } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const TEMPLATES_QUERY_KEY = ['templates'] as const;

/** The templates the signed-in user may use: the company's first, then their own, by name. */
export function getTemplates({ signal }: { signal?: AbortSignal } = {}): Promise<
  MessageTemplate[]
> {
  return apiRequest(apiPaths.templates, { schema: messageTemplateListSchema, signal });
}

export const getTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: TEMPLATES_QUERY_KEY,
    queryFn: ({ signal }) => getTemplates({ signal }),
  });

export const useTemplates = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getTemplatesQueryOptions(), enabled });
