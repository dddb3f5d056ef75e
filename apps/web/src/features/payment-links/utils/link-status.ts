import type { PaymentLink } from '@leasing/contract';

export type LinkDisplayStatus = 'ACTIVE' | 'OPENED' | 'PAID' | 'EXPIRED';

export const linkStatusLabels: Record<LinkDisplayStatus, string> = {
  ACTIVE: 'Active',
  OPENED: 'Opened',
  PAID: 'Paid',
  EXPIRED: 'Expired',
};

export const linkStatusColors: Record<LinkDisplayStatus, string> = {
  ACTIVE: 'blue',
  OPENED: 'violet',
  PAID: 'teal',
  EXPIRED: 'gray',
};

/**
 * What staff need to know of a link: an active one the lead has looked at is 'Opened'. A link
 * past its expiry is expired even before the server has marked it so.
 */
export function getLinkDisplayStatus(
  link: Pick<PaymentLink, 'status' | 'openedAt' | 'expiresAt'>,
  now: Date = new Date(),
): LinkDisplayStatus {
  if (link.status !== 'ACTIVE') return link.status;
  if (Date.parse(link.expiresAt) <= now.getTime()) return 'EXPIRED';
  return link.openedAt ? 'OPENED' : 'ACTIVE';
}
