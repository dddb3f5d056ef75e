import { Group, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import stacked from './stacked-table.module.css';

export type RowActionsProps = {
  /** The row's buttons, in order. */
  children: ReactNode;
  /** Why the buttons are off, said under them; nothing when they are not. */
  blockedReason?: string | null;
  /** The reason's id, for a button's `aria-describedby`. */
  blockedReasonId?: string;
};

/** The last cell of a `StackedTable` row: its buttons at the end, and why they are off. */
export function RowActions({ children, blockedReason, blockedReasonId }: RowActionsProps) {
  return (
    <Table.Td className={stacked.action}>
      <Group gap={4} justify="flex-end" wrap="nowrap">
        {children}
      </Group>
      {blockedReason && (
        <Text id={blockedReasonId} size="xs" c="dimmed" mt={4} className={stacked.blockedReason}>
          {blockedReason}
        </Text>
      )}
    </Table.Td>
  );
}
