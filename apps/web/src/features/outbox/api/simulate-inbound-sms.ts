import {
  apiPaths,
  conversationEventSchema,
  simulateInboundSmsRequestSchema,
} from '@leasing/contract';
import type { ConversationEvent, SimulateInboundSmsRequest } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { OUTBOX_QUERY_KEY } from './get-outbox';

/**
 * Sandbox only: a text "from" the lead, taken in as a real one would be. It reaches open consoles
 * over the live socket; a keyword (STOP, HELP) also queues an automatic reply.
 */
export function simulateInboundSms(input: SimulateInboundSmsRequest): Promise<ConversationEvent> {
  return apiRequest(apiPaths.sandboxInboundSms, {
    method: 'POST',
    body: simulateInboundSmsRequestSchema.parse(input),
    schema: conversationEventSchema,
  });
}

export const useSimulateInboundSms = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulateInboundSms,
    // An automatic reply to a keyword goes out through the sandbox: it joins the outbox.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OUTBOX_QUERY_KEY }),
  });
};
