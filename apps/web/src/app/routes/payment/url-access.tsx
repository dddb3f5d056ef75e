import { Button, Stack, Text } from '@mantine/core';
import { PAYMENT_LINK_TOKEN_PARAM } from '@leasing/contract';
import type { PublicPaymentLink } from '@leasing/contract';
import { IconArrowRight } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { usePaymentLink } from '../../../features/checkout/api/get-payment-link';
import { InvalidLink } from '../../../features/checkout/components/link-unavailable';
import { PaymentLayout } from '../../../features/checkout/components/payment-layout';
import { PaymentLinkView } from '../../../features/checkout/components/payment-link-view';
import { PaymentSummary } from '../../../features/checkout/components/payment-summary';
import { formatPaymentTime } from '../../../features/checkout/utils/format-payment';
import { paymentPaths } from '../../../features/checkout/utils/payment-paths';

function PaymentRequest({ link, token }: { link: PublicPaymentLink; token: string }) {
  return (
    <PaymentLayout companyName={link.companyName}>
      <Stack gap="lg">
        <PaymentSummary link={link} />
        <Stack gap="xs">
          <Button
            component={Link}
            to={paymentPaths.checkout.getHref(token)}
            size="lg"
            fullWidth
            rightSection={<IconArrowRight size={18} stroke={2} aria-hidden />}
          >
            Continue to payment
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            This link expires {formatPaymentTime(link.expiresAt, link.timeZone)}.
          </Text>
        </Stack>
      </Stack>
    </PaymentLayout>
  );
}

function UrlAccess({ token }: { token: string }) {
  const linkQuery = usePaymentLink(token);
  return (
    <PaymentLinkView linkQuery={linkQuery}>
      {(link) => <PaymentRequest link={link} token={token} />}
    </PaymentLinkView>
  );
}

/** Where a payment link lands (`/?t=<token>`): what is asked for, before any card is asked for. */
export function UrlAccessRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get(PAYMENT_LINK_TOKEN_PARAM);
  if (!token) return <InvalidLink />;
  return <UrlAccess token={token} />;
}
