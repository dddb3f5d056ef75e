import {
  apiPaths,
  createPaymentLinkRequestSchema,
  createPaymentLinkResponseSchema,
} from '@leasing/contract';
import type {
  CreatePaymentLinkRequest,
  CreatePaymentLinkResponse,
  ErrorCode,
} from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { getLeadPaymentLinksQueryKey } from './get-lead-payment-links';

/**
 * First part of the mutation's key. Sending a link shows on the dialog's button, so the pane's
 * 'Processing...' overlay leaves it out, as it does for messages.
 */
export const CREATE_PAYMENT_LINK_MUTATION_KEY = 'create-payment-link';

/** Errors the server answers in a sentence meant for the user (opted out, no phone, links off). */
export const paymentLinkErrorCodes = {
  sendRefused: 'SEND_REFUSED',
  linksOff: 'PAYMENT_LINKS_OFF',
} as const satisfies Record<string, ErrorCode>;

/** Creates the link and sends it to the lead at once; answers the link and its timeline events. */
export function createPaymentLink(
  leadID: string,
  input: CreatePaymentLinkRequest,
): Promise<CreatePaymentLinkResponse> {
  return apiRequest(apiPaths.leadPaymentLinks(leadID), {
    method: 'POST',
    body: createPaymentLinkRequestSchema.parse(input),
    schema: createPaymentLinkResponseSchema,
  });
}

export type UseCreatePaymentLinkOptions = {
  /**
   * The message that carries the link and its 'sent' event, to put on the timeline at once. The
   * pane knows which lead's entry they join; it adds them through the conversation cache
   * (`lib/conversation-cache`), as it does a sent message.
   */
  onEventsCreated: (events: CreatePaymentLinkResponse['events']) => void;
};

/**
 * The dialog's list of links changes: it is reloaded. A server with links turned off since the
 * dialog opened reloads it too, so the dialog says so instead of offering the form.
 */
export function useCreatePaymentLink(
  leadID: string,
  { onEventsCreated }: UseCreatePaymentLinkOptions,
) {
  const queryClient = useQueryClient();
  const reloadLinks = () =>
    queryClient.invalidateQueries({ queryKey: getLeadPaymentLinksQueryKey(leadID) });
  return useMutation({
    mutationKey: [CREATE_PAYMENT_LINK_MUTATION_KEY, leadID],
    mutationFn: (input: CreatePaymentLinkRequest) => createPaymentLink(leadID, input),
    onSuccess: ({ events }) => {
      onEventsCreated(events);
      void reloadLinks();
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.code === paymentLinkErrorCodes.linksOff) {
        void reloadLinks();
      }
    },
  });
}
