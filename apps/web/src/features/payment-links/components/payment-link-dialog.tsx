import type { ConversationEvent, Lead } from '@leasing/contract';
import { Alert, Button, Divider, Group, Modal, Skeleton, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { ErrorState } from '../../../components/ui/error-state';
import { useLeadPaymentLinks } from '../api/get-lead-payment-links';
import { PaymentLinkForm } from './payment-link-form';
import { getUnavailableChannels } from '../utils/channel-availability';
import type { ChannelLead } from '../utils/channel-availability';
import { paymentsOffReason } from '../utils/payments-off';
import { RecentPaymentLinks } from './recent-payment-links';

function DialogSkeleton() {
  return (
    <Stack gap="sm" role="status" aria-label="Loading payment links">
      <Skeleton height={36} />
      <Skeleton height={36} />
      <Skeleton height={36} />
      <Skeleton height={36} width="60%" />
    </Stack>
  );
}

type DialogBodyProps = Omit<PaymentLinkDialogProps, 'opened'>;

/** Mounted only while the dialog is open: the links are asked for then, and the form starts fresh. */
function DialogBody({ lead, onClose, onSent }: DialogBodyProps) {
  const linksQuery = useLeadPaymentLinks(lead._id);

  if (linksQuery.isPending) return <DialogSkeleton />;
  if (linksQuery.isError) {
    return (
      <ErrorState
        title="Could not load payment links"
        message={linksQuery.error.message}
        onRetry={() => void linksQuery.refetch()}
      />
    );
  }
  const { enabled, amountDue, links } = linksQuery.data;
  if (!enabled) {
    return (
      <Stack gap="md">
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
          {paymentsOffReason('off')}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <PaymentLinkForm
        lead={lead}
        amountDue={amountDue}
        links={links}
        unavailableChannels={getUnavailableChannels(lead)}
        onClose={onClose}
        onSent={onSent}
      />
      {links.length > 0 && <Divider />}
      <RecentPaymentLinks links={links} />
    </Stack>
  );
}

export type PaymentLinkDialogProps = {
  /** With its contacts: which channels can carry the link is the dialog's own question. */
  lead: Pick<Lead, '_id' | 'name'> & ChannelLead;
  opened: boolean;
  onClose: () => void;
  /** The message that carries the link and its 'sent' event, for the timeline. */
  onSent: (events: ConversationEvent[]) => void;
};

/**
 * 'Request a payment': staff send the lead a link to pay one amount, by SMS or email through the
 * normal send path. A lead moved to debt starts with the amount they owe.
 */
export function PaymentLinkDialog({ opened, onClose, ...bodyProps }: PaymentLinkDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Request a payment" size="lg" centered>
      <DialogBody {...bodyProps} onClose={onClose} />
    </Modal>
  );
}
