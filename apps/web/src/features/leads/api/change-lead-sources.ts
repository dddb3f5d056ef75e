import {
  apiPaths,
  leadSourceMergeSchema,
  leadSourceSchema,
  leadSourceWriteSchema,
} from '@leasing/contract';
import type { LeadSource } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { LEAD_QUERY_KEY_ROOT } from '../../../lib/conversation-cache/conversation-cache';
import { LEAD_SOURCES_QUERY_KEY } from './get-lead-sources';

export function addLeadSource(name: string): Promise<LeadSource> {
  return apiRequest(apiPaths.leadSources, {
    method: 'POST',
    body: leadSourceWriteSchema.parse({ name }),
    schema: leadSourceSchema,
  });
}

export function renameLeadSource(sourceId: string, name: string): Promise<LeadSource> {
  return apiRequest(apiPaths.leadSource(sourceId), {
    method: 'PATCH',
    body: leadSourceWriteSchema.parse({ name }),
    schema: leadSourceSchema,
  });
}

/** Moves the source's leads and numbers to `intoSourceId` and removes it; answers that source. */
export function mergeLeadSource(sourceId: string, intoSourceId: string): Promise<LeadSource> {
  return apiRequest(apiPaths.leadSourceMerge(sourceId), {
    method: 'POST',
    body: leadSourceMergeSchema.parse({ intoSourceId }),
    schema: leadSourceSchema,
  });
}

/**
 * Settings → Sources' three changes; each reloads the list the pane's and the numbers' selects
 * offer. A rename or a merge changes what open leads show as their source: they reload too.
 */
export function useChangeLeadSources() {
  const queryClient = useQueryClient();
  const reloadList = () => queryClient.invalidateQueries({ queryKey: LEAD_SOURCES_QUERY_KEY });
  const reloadLeads = () =>
    Promise.all([
      reloadList(),
      queryClient.invalidateQueries({ queryKey: [LEAD_QUERY_KEY_ROOT] }),
      queryClient.invalidateQueries({ queryKey: ['numbers'] }),
    ]);
  return {
    add: useMutation({ mutationFn: addLeadSource, onSuccess: reloadList }),
    rename: useMutation({
      mutationFn: ({ sourceId, name }: { sourceId: string; name: string }) =>
        renameLeadSource(sourceId, name),
      onSuccess: reloadLeads,
    }),
    merge: useMutation({
      mutationFn: ({ sourceId, intoSourceId }: { sourceId: string; intoSourceId: string }) =>
        mergeLeadSource(sourceId, intoSourceId),
      onSuccess: reloadLeads,
    }),
  };
}
