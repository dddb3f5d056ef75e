import { apiPaths, leadCallSchema, simulateCallRequestSchema } from '@leasing/contract';
import type { LeadCall, SimulateCallRequest } from '@leasing/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The sandbox: a call from the lead's phone to the property, ending as asked. */
export function simulateCall(leadId: string, input: SimulateCallRequest): Promise<LeadCall> {
  return apiRequest(apiPaths.leadCallsSimulate(leadId), {
    method: 'POST',
    body: simulateCallRequestSchema.parse(input),
    schema: leadCallSchema,
  });
}

/** Nothing to refresh: the call's CALL event (and any text-back) come over the live socket. */
export const useSimulateCall = (leadId: string) =>
  useMutation({
    mutationKey: ['simulate-call', leadId],
    mutationFn: (input: SimulateCallRequest) => simulateCall(leadId, input),
  });
