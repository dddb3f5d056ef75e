import { apiPaths, leadDraftResponseSchema } from '@leasing/contract';
import type { LeadDraft, SaveLeadDraftRequest } from '@leasing/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The signed-in user's draft on the lead, or null. */
export async function getLeadDraft(
  leadID: string,
  signal?: AbortSignal,
): Promise<LeadDraft | null> {
  return (await apiRequest(apiPaths.leadDraft(leadID), { schema: leadDraftResponseSchema, signal }))
    .draft;
}

export function saveLeadDraft(leadID: string, draft: SaveLeadDraftRequest): Promise<unknown> {
  return apiRequest(apiPaths.leadDraft(leadID), {
    method: 'PUT',
    body: draft,
    schema: leadDraftResponseSchema,
  });
}

export function deleteLeadDraft(leadID: string): Promise<unknown> {
  return apiRequest(apiPaths.leadDraft(leadID), { method: 'DELETE' });
}

export const getLeadDraftQueryKey = (leadID: string) => ['lead-draft', leadID] as const;

/** Read once when the pane opens: after that the composer is the truth and saves it. */
export const useLeadDraft = (leadID: string, enabled: boolean) =>
  useQuery({
    queryKey: getLeadDraftQueryKey(leadID),
    queryFn: ({ signal }) => getLeadDraft(leadID, signal),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: 1,
  });
