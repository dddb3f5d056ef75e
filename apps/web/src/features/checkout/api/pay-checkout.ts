import { apiPaths, checkoutRequestSchema, checkoutResultSchema } from '@leasing/contract';
import type { CheckoutRequest, CheckoutResult, PublicPaymentLink } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getPaymentLinkQueryKey } from './get-payment-link';
import { isLinkGoneError, paymentRequest } from './payment-request';

/**
 * Pays the link with a card (sandbox provider). A declined card is a 402 whose message is the
 * provider's reason; sending the same idempotency key again returns the first answer.
 */
export function payCheckout(input: CheckoutRequest): Promise<CheckoutResult> {
  return paymentRequest(apiPaths.payCheckout, {
    method: 'POST',
    body: checkoutRequestSchema.parse(input),
    schema: checkoutResultSchema,
  });
}

export function usePayCheckout(token: string) {
  const queryClient = useQueryClient();
  const queryKey = getPaymentLinkQueryKey(token);
  return useMutation({
    mutationKey: ['pay-checkout', token],
    mutationFn: payCheckout,
    onSuccess: (result) => {
      queryClient.setQueryData<PublicPaymentLink>(queryKey, (link) =>
        link ? { ...link, status: result.status, receipt: result.receipt } : link,
      );
    },
    onError: (error) => {
      // Paid in another tab, expired meanwhile or revoked: the link itself says what to show now.
      if (isLinkGoneError(error)) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
