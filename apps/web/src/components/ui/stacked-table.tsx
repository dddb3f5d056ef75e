import { Paper, Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import stacked from './stacked-table.module.css';

export type StackedTableProps = {
  /** The table's accessible name, e.g. 'Templates'. */
  label: string;
  /** The column names, in order: each row's cells carry the same name as `data-label`. */
  columns: readonly string[];
  /** A last column of row buttons, its header named for screen readers only. */
  withActions?: boolean;
  /** The screen-reader name of that column: 'Actions' unless the buttons are about one thing. */
  actionsLabel?: string;
  /** The rows. */
  children: ReactNode;
};

/**
 * A settings table in a bordered frame that becomes cards on a phone (stacked-table.module.css):
 * each row's cell gives `data-label` its column's name, and its button cell
 * `className={stacked.action}`.
 */
export function StackedTable({
  label,
  columns,
  withActions = false,
  actionsLabel = 'Actions',
  children,
}: StackedTableProps) {
  return (
    <Paper withBorder radius="md">
      <Table
        verticalSpacing="sm"
        horizontalSpacing="md"
        aria-label={label}
        className={stacked.table}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((name) => (
              <Table.Th key={name}>{name}</Table.Th>
            ))}
            {withActions && (
              <Table.Th>
                <VisuallyHidden>{actionsLabel}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Paper>
  );
}
