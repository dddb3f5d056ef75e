import { Divider, Stack } from '@mantine/core';
import { PAYMENT_LINK_TOKEN_PARAM } from '@leasing/contract';
import type { PublicPaymentLink } from '@leasing/contract';
import { useSearchParams } from 'react-router';
import { usePaymentLink } from '../../../features/checkout/api/get-payment-link';
import { usePayCheckout } from '../../../features/checkout/api/pay-checkout';
import { CardPaymentForm } from '../../../features/checkout/components/card-payment-form';
import { InvalidLink } from '../../../features/checkout/components/link-unavailable';
import { PaymentLayout } from '../../../features/checkout/components/payment-layout';
import { PaymentLinkView } from '../../../features/checkout/components/payment-link-view';
import {
  PaymentSummary,
  PaymentSummaryCompact,
} from '../../../features/checkout/components/payment-summary';
import { StripeCheckoutButton } from '../../../features/checkout/components/stripe-checkout-button';
import { StripeReturn } from '../../../features/checkout/components/stripe-return';
import { STRIPE_SESSION_PARAM } from '../../../features/checkout/utils/payment-paths';

type CheckoutProps = { token: string };

function Checkout({ token }: CheckoutProps) {
  const linkQuery = usePaymentLink(token);
  // Here, not in the form: the form is gone once the link is paid, the receipt still thanks them.
  const payment = usePayCheckout(token);

  function renderActive(link: PublicPaymentLink) {
    if (link.provider === 'stripe') {
      return (
        <PaymentLayout companyName={link.companyName}>
          <Stack gap="lg">
            <PaymentSummary link={link} />
            <StripeCheckoutButton link={link} token={token} />
          </Stack>
        </PaymentLayout>
      );
    }
    return (
      <PaymentLayout companyName={link.companyName}>
        <Stack gap="lg">
          <PaymentSummaryCompact link={link} />
          <Divider />
          <CardPaymentForm link={link} token={token} payment={payment} />
        </Stack>
      </PaymentLayout>
    );
  }

  return (
    <PaymentLinkView linkQuery={linkQuery} justPaid={payment.isSuccess}>
      {renderActive}
    </PaymentLinkView>
  );
}

/**
 * `/checkout?t=<token>`: pay the link. Stripe sends the payer back here with `session_id`, and the
 * page then waits for the payment to be confirmed.
 */
export function CheckoutRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get(PAYMENT_LINK_TOKEN_PARAM);
  if (!token) return <InvalidLink />;
  if (searchParams.has(STRIPE_SESSION_PARAM)) return <StripeReturn token={token} />;
  return <Checkout token={token} />;
}
