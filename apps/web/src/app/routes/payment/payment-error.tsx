import { Button, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { PaymentLayout } from '../../../features/checkout/components/payment-layout';
import { StatusMessage } from '../../../features/checkout/components/status-message';

function handleReload() {
  window.location.reload();
}

/**
 * What a payer sees when a page fails to render or load (a new release replaced its code, a bug):
 * what to do, never the error itself, and no link into the staff app.
 */
export function PaymentErrorPage() {
  return (
    <PaymentLayout>
      <Stack gap="lg">
        <StatusMessage
          icon={<IconAlertTriangle size={28} stroke={1.5} />}
          color="gray"
          title="Something went wrong"
        >
          This page didn&apos;t load properly. Reload it to try again; if that doesn&apos;t help,
          open the payment link from your message again.
        </StatusMessage>
        <Button size="md" fullWidth onClick={handleReload}>
          Reload page
        </Button>
      </Stack>
    </PaymentLayout>
  );
}
