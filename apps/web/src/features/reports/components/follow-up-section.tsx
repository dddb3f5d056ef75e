import type { FollowUpFigures, FollowUpReport } from '@leasing/contract';
import { Group, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatDateTime } from '../../../lib/format-date';
import { reportDefinitions } from '../definitions';
import type { FigureFilter } from '../utils/report-params';
import { FigureInfo } from './figure-info';
import { FigureLink } from './figure-link';
import { ReportPanel, reportLoadState } from './report-panel';
import { ScrollTable } from './scroll-table';
import classes from './reports.module.css';

type FigureHref = (filter: FigureFilter) => string;

type Column = {
  key: keyof FollowUpFigures;
  label: string;
  definition: string;
  /** The figure whose leads the count lists; none for open leads and averages. */
  figure?: FigureFilter['figure'];
};

const followUpColumns: Column[] = [
  { key: 'open', label: 'Open', definition: reportDefinitions.open },
  {
    key: 'noContact48h',
    label: 'No contact for 48 h',
    definition: reportDefinitions.noContact48h,
    figure: 'no_contact_48h',
  },
  {
    key: 'overdueFollowUps',
    label: 'Overdue follow-ups',
    definition: reportDefinitions.overdueFollowUps,
    figure: 'overdue_follow_up',
  },
  {
    key: 'silent7d',
    label: 'Silent for 7 days',
    definition: reportDefinitions.silent7d,
    figure: 'silent_7d',
  },
  {
    key: 'averageTouchesBeforeTour',
    label: 'Average touches before a tour',
    definition: reportDefinitions.averageTouchesBeforeTour,
  },
];

export type FollowUpSectionProps = {
  query: UseQueryResult<FollowUpReport>;
  figureHref: FigureHref;
};

/** Follow-up discipline by owner: what is open now, and what has been left too long. */
export function FollowUpSection({ query, figureHref }: FollowUpSectionProps) {
  const report = query.data;
  return (
    <ReportPanel
      title="Follow-up discipline"
      busy={query.isPlaceholderData}
      description={
        report
          ? `Open leads as of ${formatDateTime(report.asOf)}, by owner`
          : 'Open leads now, by owner'
      }
    >
      {reportLoadState(query, 'follow-up discipline') ??
        (report && report.groups.length === 0 ? (
          <Text size="sm" c="dimmed">
            No open leads, and no tour scheduled in this range.
          </Text>
        ) : (
          report && <FollowUpTable report={report} figureHref={figureHref} />
        ))}
    </ReportPanel>
  );
}

function cellOf(
  figures: FollowUpFigures,
  column: Column,
  rowLabel: string,
  href: (figure: FigureFilter['figure']) => string,
) {
  const value = figures[column.key];
  if (column.key === 'averageTouchesBeforeTour') {
    return value === null ? '—' : (value as number).toFixed(1);
  }
  return (
    <FigureLink
      value={value ?? 0}
      label={`${rowLabel}, ${column.label}`}
      href={column.figure ? href(column.figure) : null}
    />
  );
}

function FollowUpTable({ report, figureHref }: { report: FollowUpReport; figureHref: FigureHref }) {
  const label = 'Follow-up discipline by owner';
  return (
    <ScrollTable label={label}>
      <Table aria-label={label} verticalSpacing="xs" miw={760}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Owner</Table.Th>
            {followUpColumns.map((column) => (
              <Table.Th key={column.key} className={classes.numeric}>
                <Group gap={2} justify="flex-end" wrap="nowrap">
                  {column.label}
                  <FigureInfo name={column.label} definition={column.definition} />
                </Group>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.groups.map((group) => (
            <Table.Tr key={group.key}>
              <Table.Th scope="row" fw={500}>
                {group.label}
              </Table.Th>
              {followUpColumns.map((column) => (
                <Table.Td key={column.key} className={classes.numeric}>
                  {cellOf(group.figures, column, group.label, (figure) =>
                    figureHref({ figure, groupBy: 'owner', group: group.key }),
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {report.groups.length > 1 && (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">All</Table.Th>
              {followUpColumns.map((column) => (
                <Table.Td key={column.key} className={classes.numeric} fw={600}>
                  {cellOf(report.total, column, 'All owners', (figure) => figureHref({ figure }))}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </ScrollTable>
  );
}
