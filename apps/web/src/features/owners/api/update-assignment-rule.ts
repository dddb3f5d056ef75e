import { apiPaths, assignmentRuleSchema } from '@leasing/contract';
import type { AssignmentRule, UpdateAssignmentRuleRequest } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ASSIGNMENT_RULES_QUERY_KEY } from './get-assignment-rules';

export function updateAssignmentRule(
  propertyId: string,
  rule: UpdateAssignmentRuleRequest,
): Promise<AssignmentRule> {
  return apiRequest(apiPaths.propertyAssignment(propertyId), {
    method: 'PUT',
    body: rule,
    schema: assignmentRuleSchema,
  });
}

/** Saves one property's rule; the list takes the saved rule in its place. */
export function useUpdateAssignmentRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ propertyId, ...rule }: UpdateAssignmentRuleRequest & { propertyId: string }) =>
      updateAssignmentRule(propertyId, rule),
    onSuccess: (saved) =>
      queryClient.setQueryData<AssignmentRule[]>(ASSIGNMENT_RULES_QUERY_KEY, (rules) =>
        rules?.map((rule) => (rule.propertyId === saved.propertyId ? saved : rule)),
      ),
  });
}
