import type { WebhookDeliveryStatus } from '@leasing/contract';

/** How the page names and colours each delivery status. */
export const deliveryStatusInfo: Record<WebhookDeliveryStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'yellow' },
  succeeded: { label: 'Delivered', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};

/** '2 of 9 attempts' — or '1 attempt' once delivered at the first try. */
export function attemptsLabel(attempts: number, maxAttempts: number): string {
  if (attempts === 0) return 'Not tried yet';
  return `${attempts} of ${maxAttempts} ${maxAttempts === 1 ? 'attempt' : 'attempts'}`;
}
