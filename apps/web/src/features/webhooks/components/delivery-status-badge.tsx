import type { WebhookDeliveryStatus } from '@leasing/contract';
import { Badge } from '@mantine/core';
import { deliveryStatusInfo } from '../utils/delivery-status';

/** A delivery's status as a coloured word (the word alone carries it, not the colour). */
export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  const { label, color } = deliveryStatusInfo[status];
  return (
    <Badge color={color} variant="light" size="sm" miw="max-content">
      {label}
    </Badge>
  );
}
