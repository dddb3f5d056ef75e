import { apiPaths } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { TEMPLATES_QUERY_KEY } from './get-templates';

/** Deletes a template; messages already sent from it stay as they were. */
export function deleteTemplate(templateId: string): Promise<unknown> {
  return apiRequest(apiPaths.template(templateId), { method: 'DELETE' });
}

export const useDeleteTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEMPLATES_QUERY_KEY }),
  });
};
