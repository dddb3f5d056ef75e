import { Button, Stack, Text } from '@mantine/core';
import type { PublicPaymentLink } from '@leasing/contract';
import {
  IconClockX,
  IconCreditCardOff,
  IconLinkOff,
  IconMail,
  IconPhone,
  IconWifiOff,
} from '@tabler/icons-react';
import { formatPhone } from '../../../lib/format-phone';
import { PaymentLayout } from './payment-layout';
import { StatusMessage } from './status-message';

/** No token, or one the server does not know (cut short when copied, forged). */
export function InvalidLink() {
  return (
    <PaymentLayout>
      <StatusMessage
        icon={<IconLinkOff size={28} stroke={1.5} />}
        color="gray"
        title="This payment link isn't valid"
      >
        <Text c="dimmed">
          Check that you opened the whole link from your text message or email. If it still
          doesn&apos;t work, contact your property&apos;s office and ask for a new link.
        </Text>
      </StatusMessage>
    </PaymentLayout>
  );
}

export type ExpiredLinkProps = {
  link: PublicPaymentLink;
};

export function ExpiredLink({ link }: ExpiredLinkProps) {
  const { companyName, contact } = link;
  return (
    <PaymentLayout companyName={companyName}>
      <Stack gap="lg">
        <StatusMessage
          icon={<IconClockX size={28} stroke={1.5} />}
          color="orange"
          title="This payment link has expired"
        >
          <Text c="dimmed">
            Nothing was charged. Ask {companyName} to send you a new link
            {contact.phone || contact.email ? ':' : '.'}
          </Text>
        </StatusMessage>
        {(contact.phone || contact.email) && (
          <Stack gap="xs">
            {contact.phone && (
              <Button
                component="a"
                href={`tel:${contact.phone}`}
                variant="default"
                size="md"
                fullWidth
                fw={500}
                leftSection={<IconPhone size={18} stroke={1.75} aria-hidden />}
                aria-label={`Call ${formatPhone(contact.phone)}`}
              >
                {formatPhone(contact.phone)}
              </Button>
            )}
            {contact.email && (
              <Button
                component="a"
                href={`mailto:${contact.email}`}
                variant="default"
                size="md"
                fullWidth
                fw={500}
                leftSection={<IconMail size={18} stroke={1.75} aria-hidden />}
                aria-label={`Email ${contact.email}`}
                // A long address ends in an ellipsis rather than running out of the button.
                styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
              >
                {contact.email}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
    </PaymentLayout>
  );
}

export type PaymentsUnavailableProps = {
  /** The server's sentence: whom to ask instead. */
  message: string;
};

/** The server cannot take payments at all: no form, no fake success, no retry that cannot help. */
export function PaymentsUnavailable({ message }: PaymentsUnavailableProps) {
  return (
    <PaymentLayout>
      <StatusMessage
        icon={<IconCreditCardOff size={28} stroke={1.5} />}
        color="orange"
        title="Online payment isn't available"
      >
        <Text c="dimmed">{message}</Text>
      </StatusMessage>
    </PaymentLayout>
  );
}

export type LinkLoadErrorProps = {
  message: string;
  onRetry: () => void;
};

/** The server could not be reached or failed: nothing is wrong with the link, so try again. */
export function LinkLoadError({ message, onRetry }: LinkLoadErrorProps) {
  return (
    <PaymentLayout>
      <Stack gap="lg">
        <StatusMessage
          icon={<IconWifiOff size={28} stroke={1.5} />}
          color="gray"
          title="We couldn't load your payment"
        >
          {message}
        </StatusMessage>
        <Button size="md" fullWidth onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </PaymentLayout>
  );
}
