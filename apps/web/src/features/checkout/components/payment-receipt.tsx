import { Divider, Stack, Text } from '@mantine/core';
import type { PaymentReceipt as Receipt, PublicPaymentLink } from '@leasing/contract';
import { IconCircleCheck } from '@tabler/icons-react';
import { formatDate } from '../../../lib/format-date';
import { formatCard, formatCents } from '../utils/format-payment';
import { DetailList } from './detail-list';
import { PaymentLayout } from './payment-layout';
import { StatusMessage } from './status-message';

export type PaymentReceiptProps = {
  link: PublicPaymentLink;
  /** The payer paid on this visit: thank them rather than only state that it is paid. */
  justPaid: boolean;
};

export function PaymentReceipt({ link, justPaid }: PaymentReceiptProps) {
  const { receipt } = link;
  return (
    <PaymentLayout companyName={link.companyName}>
      <Stack gap="lg">
        <StatusMessage
          icon={<IconCircleCheck size={30} stroke={1.5} />}
          color="teal"
          title={justPaid ? 'Payment received' : 'Paid'}
        >
          <Text c="dimmed">
            {justPaid
              ? `Thank you, ${link.payerName}. ${link.companyName} has received your payment.`
              : `This payment has already been made. There is nothing more to pay.`}
          </Text>
        </StatusMessage>
        <Text ta="center" fz={32} fw={700} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatCents(link.amountCents, link.currency)}
        </Text>
        <Divider />
        <DetailList items={receiptLines(link, receipt)} />
        <Text size="xs" c="dimmed" ta="center">
          Take a screenshot of this page if you would like a record of it.
        </Text>
      </Stack>
    </PaymentLayout>
  );
}

function receiptLines(link: PublicPaymentLink, receipt: Receipt | null) {
  const card = receipt ? formatCard(receipt.cardBrand, receipt.cardLast4) : null;
  return [
    { label: 'For', value: link.description },
    { label: 'Property', value: link.propertyName },
    ...(receipt ? [{ label: 'Paid on', value: formatDate(receipt.paidAt) }] : []),
    ...(card ? [{ label: 'Card', value: card }] : []),
    ...(receipt ? [{ label: 'Reference', value: receipt.reference }] : []),
  ];
}
