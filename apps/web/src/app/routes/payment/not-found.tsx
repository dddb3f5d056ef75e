import { IconMapQuestion } from '@tabler/icons-react';
import { PaymentLayout } from '../../../features/checkout/components/payment-layout';
import { StatusMessage } from '../../../features/checkout/components/status-message';

/** Any path the payment host does not serve, staff pages included: no way into the staff app. */
export function PaymentNotFoundRoute() {
  return (
    <PaymentLayout>
      <StatusMessage
        icon={<IconMapQuestion size={28} stroke={1.5} />}
        color="gray"
        title="Page not found"
      >
        To pay, open the payment link from your text message or email again.
      </StatusMessage>
    </PaymentLayout>
  );
}
