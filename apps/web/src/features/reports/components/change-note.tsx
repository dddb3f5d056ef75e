import { Text, VisuallyHidden } from '@mantine/core';
import type { Change } from '../utils/format-report';

export type ChangeNoteProps = {
  change: Change | null;
  /** The previous period's days: 'Oct 2–31'. */
  previousLabel: string;
};

/** '▲ 12% vs Oct 2–31': green when the change is good news, red when bad, grey when flat. */
export function ChangeNote({ change, previousLabel }: ChangeNoteProps) {
  if (!change) return null;
  if (change.direction === 'same') {
    return (
      <Text component="span" size="xs" c="dimmed">
        No change vs {previousLabel}
      </Text>
    );
  }
  const up = change.direction === 'up';
  return (
    <Text component="span" size="xs" c={change.good ? 'teal' : 'red'}>
      <span aria-hidden>{up ? '▲' : '▼'} </span>
      <VisuallyHidden>{up ? 'Up' : 'Down'} </VisuallyHidden>
      {change.amount ?? 'from none'} vs {previousLabel}
    </Text>
  );
}
