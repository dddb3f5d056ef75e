import { Button, Loader, Stack, Text } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { usePaymentLink } from '../api/get-payment-link';
import { paymentPaths } from '../utils/payment-paths';
import { PaymentLayout } from './payment-layout';
import { PaymentLinkView } from './payment-link-view';
import { StatusMessage } from './status-message';

/** Stripe tells the server within seconds as a rule; a minute is long enough to stop asking. */
export const CONFIRM_POLL_INTERVAL_MS = 2_000;
export const CONFIRM_GIVE_UP_MS = 60_000;

export type StripeReturnProps = {
  token: string;
};

/**
 * Where Stripe sends the payer back. The server learns of the payment from Stripe, not from this
 * page, so the page asks for the link until it is paid.
 */
export function StripeReturn({ token }: StripeReturnProps) {
  const [gaveUp, setGaveUp] = useState(false);
  const linkQuery = usePaymentLink(token, {
    pollInterval: (link) =>
      !gaveUp && link?.status === 'ACTIVE' ? CONFIRM_POLL_INTERVAL_MS : false,
  });

  useEffect(() => {
    if (gaveUp) return;
    const timer = setTimeout(() => setGaveUp(true), CONFIRM_GIVE_UP_MS);
    return () => clearTimeout(timer);
  }, [gaveUp]);

  function handleCheckAgain() {
    setGaveUp(false);
    void linkQuery.refetch();
  }

  return (
    <PaymentLinkView linkQuery={linkQuery} justPaid>
      {(link) => (
        <PaymentLayout companyName={link.companyName}>
          {gaveUp ? (
            <Stack gap="lg">
              <StatusMessage
                icon={<IconHourglass size={28} stroke={1.5} />}
                color="indigo"
                title="Your payment is still being confirmed"
              >
                <Text c="dimmed">
                  This is taking longer than usual. If you finished paying on the card page, you
                  don&apos;t need to pay again: {link.companyName} will see your payment as soon as
                  it is confirmed.
                </Text>
              </StatusMessage>
              <Stack gap="xs">
                <Button size="md" fullWidth onClick={handleCheckAgain}>
                  Check again
                </Button>
                <Button
                  component={Link}
                  to={paymentPaths.urlAccess.getHref(token)}
                  size="md"
                  variant="subtle"
                  fullWidth
                >
                  Back to payment details
                </Button>
              </Stack>
            </Stack>
          ) : (
            <div role="status">
              <StatusMessage
                icon={<Loader size={26} />}
                color="indigo"
                title="Confirming your payment…"
              >
                This usually takes a few seconds. Please keep this page open.
              </StatusMessage>
            </div>
          )}
        </PaymentLayout>
      )}
    </PaymentLinkView>
  );
}
