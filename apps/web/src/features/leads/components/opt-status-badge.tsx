import type { OptStatus } from '@leasing/contract';
import { Badge } from '@mantine/core';

const optStatusDisplay = {
  OPT_IN: { label: 'Opted in', color: 'teal' },
  OPT_OUT: { label: 'Opted out', color: 'red' },
  NO_INDICATION: { label: 'No indication', color: 'gray' },
} as const satisfies Record<OptStatus, { label: string; color: string }>;

export type OptStatusBadgeProps = {
  channel: 'SMS' | 'Email';
  status: OptStatus;
};

export function OptStatusBadge({ channel, status }: OptStatusBadgeProps) {
  const { label, color } = optStatusDisplay[status];
  return (
    <Badge color={color} variant="light" size="sm">
      {channel}: {label}
    </Badge>
  );
}
