import type { Lead, SimulatedCallOutcome } from '@leasing/contract';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { usePlaceCall } from '../api/place-call';
import { useSimulateCall } from '../api/simulate-call';
import { showAddPhoneNotification } from '../components/add-phone-notification';
import { useCallsMode } from './use-calls-mode';
import type { CallsMode } from './use-calls-mode';

export const NO_LEAD_PHONE_REASON = 'This lead has no phone number.';

/** The simulated call as the notification names it: 'Simulated a missed call from …'. */
const simulatedCallNames: Record<SimulatedCallOutcome, string> = {
  answered: 'an answered call',
  missed: 'a missed call',
  voicemail: 'a voicemail',
};

export type CallLead = {
  mode: CallsMode;
  /** Why the lead cannot be called (nor a call from them simulated); null when they can. */
  disabledReason: string | null;
  isPending: boolean;
  /** The sandbox's 'Simulate a call' menu. */
  isMenuOpen: boolean;
  onMenuChange: (opened: boolean) => void;
  /** 'Call' (and `c`): places the call; in the sandbox, opens 'Simulate a call'. */
  start: () => void;
  simulate: (outcome: SimulatedCallOutcome) => void;
};

export type UseCallLeadOptions = {
  /** Opens the dialog where the person sets their own phone (the one 'Call' rings first). */
  onAddPhone: () => void;
  /** What the public configuration says of calls here (`sandbox`: simulated); unknown: 'Call'. */
  calls: 'twilio' | 'sandbox' | undefined;
};

function showError(message: string) {
  notifications.show({ color: 'red', message });
}

/**
 * Calling the lead from the pane: Twilio rings the person's own phone, then the lead; the CALL
 * event comes to the timeline over the live socket. Each refusal says what to do about it.
 */
export function useCallLead(
  lead: Pick<Lead, '_id' | 'name' | 'phone'>,
  { onAddPhone, calls }: UseCallLeadOptions,
): CallLead {
  const { mode, learn } = useCallsMode(calls);
  const placeCall = usePlaceCall(lead._id);
  const simulateCall = useSimulateCall(lead._id);
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const disabledReason = lead.phone?.trim() ? null : NO_LEAD_PHONE_REASON;
  const isPending = placeCall.isPending || simulateCall.isPending;

  function handleCallError(error: Error) {
    const code = error instanceof ApiRequestError ? error.code : null;
    switch (code) {
      case 'NO_AGENT_PHONE':
        showAddPhoneNotification(onAddPhone);
        return;
      case 'NO_LEAD_PHONE':
        showError(NO_LEAD_PHONE_REASON);
        return;
      case 'NO_PROPERTY_NUMBER':
        showError('This property has no phone number to call from.');
        return;
      case 'CALL_REFUSED':
        showError(`The call could not be placed: ${error.message}`);
        return;
      case 'CALLS_UNAVAILABLE':
        // The sandbox: 'Call' becomes 'Simulate a call', opened, and stays so in this browser.
        learn('simulate');
        setIsMenuOpen(true);
        notifications.show({ message: error.message });
        return;
      default:
        showError(error.message);
    }
  }

  function handleSimulateError(error: Error) {
    const code = error instanceof ApiRequestError ? error.code : null;
    switch (code) {
      case 'NO_LEAD_PHONE':
        showError(NO_LEAD_PHONE_REASON);
        return;
      case 'NO_PROPERTY_NUMBER':
        showError('This property has no phone number to call.');
        return;
      case 'NOT_FOUND':
        // Twilio is configured now: calls are real, and 'Call' comes back.
        learn('call');
        showError(error.message);
        return;
      default:
        showError(error.message);
    }
  }

  function start() {
    if (disabledReason) {
      showError(disabledReason);
      return;
    }
    if (mode === 'simulate') {
      setIsMenuOpen(true);
      return;
    }
    if (isPending) return;
    placeCall.mutate(undefined, {
      onSuccess: () =>
        notifications.show({
          message: `Calling your phone… Answer it to be connected to ${lead.name}.`,
        }),
      onError: handleCallError,
    });
  }

  function simulate(outcome: SimulatedCallOutcome) {
    if (isPending) return;
    simulateCall.mutate(
      { outcome },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            message: `Simulated ${simulatedCallNames[outcome]} from ${lead.name}.`,
          }),
        onError: handleSimulateError,
      },
    );
  }

  return {
    mode,
    disabledReason,
    isPending,
    isMenuOpen,
    onMenuChange: setIsMenuOpen,
    start,
    simulate,
  };
}
