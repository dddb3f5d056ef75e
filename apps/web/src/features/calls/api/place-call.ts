import { apiPaths, leadCallSchema } from '@leasing/contract';
import type { LeadCall } from '@leasing/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Click-to-call: Twilio rings the caller's own phone, then the lead. */
export function placeCall(leadId: string): Promise<LeadCall> {
  return apiRequest(apiPaths.leadCalls(leadId), { method: 'POST', schema: leadCallSchema });
}

/** Nothing to refresh: the call's CALL event comes to the timeline over the live socket. */
export const usePlaceCall = (leadId: string) =>
  useMutation({
    mutationKey: ['place-call', leadId],
    mutationFn: () => placeCall(leadId),
  });
