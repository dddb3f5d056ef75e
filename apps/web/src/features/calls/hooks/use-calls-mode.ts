import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** `call`: 'Call' rings through Twilio; `simulate`: the sandbox, where calls from a lead are simulated. */
export type CallsMode = 'call' | 'simulate';

const learnedModeQueryKey = ['calls-mode-learned'] as const;

/**
 * Whether 'Call' places calls here or the sandbox simulates them, as the public configuration says
 * (`calls`). The configuration is kept up to an hour, so an answer that says otherwise wins until
 * the page is left: CALLS_UNAVAILABLE to 'Call' (no Twilio account any more) makes it 'Simulate a
 * call'; a simulated call refused as not the sandbox's makes it 'Call' again.
 */
export function useCallsMode(calls: 'twilio' | 'sandbox' | undefined) {
  const queryClient = useQueryClient();
  const { data: learned } = useQuery<CallsMode | null>({
    queryKey: learnedModeQueryKey,
    queryFn: () => null,
    initialData: null,
    staleTime: Infinity,
  });
  const mode: CallsMode = learned ?? (calls === 'sandbox' ? 'simulate' : 'call');

  const learn = useCallback(
    (answered: CallsMode) => queryClient.setQueryData(learnedModeQueryKey, answered),
    [queryClient],
  );

  return { mode, learn };
}
