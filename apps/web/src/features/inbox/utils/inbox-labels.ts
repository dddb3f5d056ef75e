import type { InboxChannel, InboxFilter } from '@leasing/contract';

/** The inbox's filter chips, as the toolbar and the list beside a lead name them. */
export const inboxFilterLabels: Record<InboxFilter, string> = {
  decision: 'Open decision',
  awaiting: 'Needs reply',
  unread: 'Unread',
  failed: 'Failed',
};

export const inboxChannelLabels: Record<InboxChannel, string> = { SMS: 'SMS', EMAIL: 'Email' };
