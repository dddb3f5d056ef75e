import { apiPaths, assignmentRuleListSchema } from '@leasing/contract';
import type { AssignmentRule } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getAssignmentRules({ signal }: { signal?: AbortSignal } = {}): Promise<
  AssignmentRule[]
> {
  return apiRequest(apiPaths.assignmentRules, { schema: assignmentRuleListSchema, signal });
}

export const ASSIGNMENT_RULES_QUERY_KEY = ['assignment-rules'] as const;

export const useAssignmentRules = () =>
  useQuery(
    queryOptions({
      queryKey: ASSIGNMENT_RULES_QUERY_KEY,
      queryFn: ({ signal }) => getAssignmentRules({ signal }),
    }),
  );
