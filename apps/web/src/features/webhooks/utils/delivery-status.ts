import type { WebhookDeliveryStatus } from '@leasing/contract';

/** How the page names and colours each delivery status. */
export const deliveryStatusInfo: Record<WebhookDeliveryStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'yellow' },
  succeeded: { label: 'Delivered', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};

/** '2 of 9 attempts' while it is tried (or failed); '1 attempt' once delivered. */
export function attemptsLabel(
  attempts: number,
  maxAttempts: number,
  status: WebhookDeliveryStatus,
): string {
  if (attempts === 0) return 'Not tried yet';
  if (status === 'succeeded') return `${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`;
  return `${attempts} of ${maxAttempts} ${maxAttempts === 1 ? 'attempt' : 'attempts'}`;
}
