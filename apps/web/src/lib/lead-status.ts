import type { LeadStatus } from '@leasing/contract';

/** One colour per pipeline status, the same on the inbox row and in the lead pane. */
export const leadStatusColors: Record<LeadStatus, string> = {
  NEW: 'blue',
  CONTACTED: 'cyan',
  TOUR_SCHEDULED: 'violet',
  TOURED: 'indigo',
  APPLIED: 'orange',
  LEASED: 'teal',
  LOST: 'gray',
};
