import { Alert, Button, Stack, Text } from '@mantine/core';
import type { PublicPaymentLink } from '@leasing/contract';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useCreateCheckoutSession } from '../api/create-checkout-session';
import { formatCents } from '../utils/format-payment';

export type StripeCheckoutButtonProps = {
  link: PublicPaymentLink;
  token: string;
};

/** Stripe takes the card on its own page; this one only sends the payer there. */
export function StripeCheckoutButton({ link, token }: StripeCheckoutButtonProps) {
  const session = useCreateCheckoutSession(token);

  function handleClick() {
    session.mutate(undefined, {
      onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
    });
  }

  return (
    <Stack gap="sm">
      {session.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {session.error.message}
        </Alert>
      )}
      <Button
        size="lg"
        fullWidth
        // Still busy once the session exists: the browser is on its way to Stripe.
        loading={session.isPending || session.isSuccess}
        leftSection={<IconLock size={18} stroke={2} aria-hidden />}
        onClick={handleClick}
      >
        Pay {formatCents(link.amountCents, link.currency)} with card
      </Button>
      <Text size="xs" c="dimmed" ta="center">
        You&apos;ll enter your card on Stripe&apos;s secure page and come back here for your
        receipt.
      </Text>
    </Stack>
  );
}
