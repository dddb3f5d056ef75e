import type { WebhookDeliverySummary } from '@leasing/contract';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRedeliverWebhook } from '../api/redeliver-webhook';

/** 'Redeliver': the same delivery, with the same id, queued for one more attempt now. */
export function RedeliverButton({ delivery }: { delivery: WebhookDeliverySummary }) {
  const redeliver = useRedeliverWebhook();

  function handleClick() {
    redeliver.mutate(delivery._id, {
      onSuccess: () =>
        notifications.show({ color: 'teal', message: 'The delivery was queued again.' }),
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });
  }

  return (
    <Button
      variant="light"
      size="compact-sm"
      aria-label={`Redeliver ${delivery.event} to ${delivery.endpoint.url}`}
      loading={redeliver.isPending}
      onClick={handleClick}
    >
      Redeliver
    </Button>
  );
}
