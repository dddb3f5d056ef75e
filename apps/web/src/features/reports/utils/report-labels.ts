import type { ReportGrouping } from '@leasing/contract';

export const groupingLabels: Record<ReportGrouping, string> = {
  property: 'Property',
  source: 'Source',
  owner: 'Owner',
};

/** A group-by select's choices: 'None' keeps the table out. */
export const GROUP_BY_OPTIONS = [
  { value: 'none', label: 'None' },
  ...Object.entries(groupingLabels).map(([value, label]) => ({ value, label })),
];
