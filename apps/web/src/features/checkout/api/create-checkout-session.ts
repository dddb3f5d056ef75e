import { apiPaths, checkoutSessionSchema } from '@leasing/contract';
import type { CheckoutSession } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getPaymentLinkQueryKey } from './get-payment-link';
import { isLinkGoneError, paymentRequest } from './payment-request';

/** Starts a Stripe Checkout Session for the link; the payer pays on Stripe's page and comes back. */
export function createCheckoutSession(token: string): Promise<CheckoutSession> {
  return paymentRequest(apiPaths.payCheckoutSession, {
    method: 'POST',
    body: { token },
    schema: checkoutSessionSchema,
  });
}

export function useCreateCheckoutSession(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['create-checkout-session', token],
    mutationFn: () => createCheckoutSession(token),
    onError: (error) => {
      if (isLinkGoneError(error)) {
        void queryClient.invalidateQueries({ queryKey: getPaymentLinkQueryKey(token) });
      }
    },
  });
}
