import { funnelStepLabels, funnelSteps } from '@leasing/contract';
import type { FunnelCounts, FunnelReport, FunnelView, ReportGrouping } from '@leasing/contract';
import { Group, SegmentedControl, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  funnelStepDefinitions,
  funnelViewDefinitions,
  funnelViewLines,
  reportDefinitions,
} from '../definitions';
import { changeOf, formatShare } from '../utils/format-report';
import { GROUP_BY_OPTIONS, groupingLabels } from '../utils/report-labels';
import type { FigureFilter } from '../utils/report-params';
import { formatDays } from '../utils/report-range';
import { ChangeNote } from './change-note';
import { FigureInfo } from './figure-info';
import { FigureLink } from './figure-link';
import { FunnelChart } from './funnel-chart';
import { EmptyRange, ReportPanel, reportLoadState } from './report-panel';
import { ScrollTable } from './scroll-table';
import classes from './reports.module.css';

const VIEW_OPTIONS = [
  { value: 'cohort', label: 'Cohort' },
  { value: 'activity', label: 'Activity' },
];

const columns = [...funnelSteps, 'lost'] as const;
const columnLabel = (column: (typeof columns)[number]) =>
  column === 'lost' ? 'Lost' : funnelStepLabels[column];

const isEmpty = (counts: FunnelCounts) => Object.values(counts).every((count) => count === 0);

export type FunnelSectionProps = {
  query: UseQueryResult<FunnelReport>;
  view: FunnelView;
  groupBy: ReportGrouping | null;
  onViewChange: (view: FunnelView) => void;
  onGroupByChange: (groupBy: ReportGrouping | null) => void;
  /** The leads page of a figure. */
  figureHref: (filter: FigureFilter) => string;
};

/**
 * The funnel: how many leads reached each step, each step's share of the one before, the same by
 * property, source or owner, and why leads were lost. Cohort or activity, as the switch says.
 */
export function FunnelSection({
  query,
  view,
  groupBy,
  onViewChange,
  onGroupByChange,
  figureHref,
}: FunnelSectionProps) {
  const report = query.data;
  return (
    <ReportPanel
      title="Funnel"
      busy={query.isPlaceholderData}
      info={<FigureInfo name="the funnel's views" definition={funnelViewDefinitions[view]} />}
      description={funnelViewLines[view]}
      actions={
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SegmentedControl
            aria-label="Funnel view"
            value={view}
            onChange={(value) => onViewChange(value as FunnelView)}
            data={VIEW_OPTIONS}
          />
          <Select
            label="Group funnel by"
            data={GROUP_BY_OPTIONS}
            value={groupBy ?? 'none'}
            onChange={(value) =>
              onGroupByChange(value && value !== 'none' ? (value as ReportGrouping) : null)
            }
            allowDeselect={false}
            w={170}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
      }
    >
      {reportLoadState(query, 'the funnel') ??
        (report && isEmpty(report.total) ? (
          <EmptyRange />
        ) : (
          report && <FunnelFigures report={report} figureHref={figureHref} />
        ))}
    </ReportPanel>
  );
}

function FunnelFigures({
  report,
  figureHref,
}: {
  report: FunnelReport;
  figureHref: (filter: FigureFilter) => string;
}) {
  const previousLabel = formatDays(report.previousRange);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ScrollTable label="Funnel steps">
          <Table aria-label="Funnel steps" verticalSpacing="xs" miw={420}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Step</Table.Th>
                <Table.Th className={classes.numeric}>Leads</Table.Th>
                <Table.Th className={classes.numeric}>
                  <Group gap={2} justify="flex-end" wrap="nowrap">
                    Step conversion
                    <FigureInfo
                      name="step conversion"
                      definition={reportDefinitions.stepConversion}
                    />
                  </Group>
                </Table.Th>
                <Table.Th>
                  <Group gap={2} wrap="nowrap">
                    Change
                    <FigureInfo name="the change" definition={reportDefinitions.change} />
                  </Group>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {funnelSteps.map((step, index) => {
                const count = report.total[step];
                const before = index > 0 ? report.total[funnelSteps[index - 1]!] : null;
                return (
                  <Table.Tr key={step}>
                    <Table.Th scope="row" fw={500}>
                      <Group gap={2} wrap="nowrap">
                        {funnelStepLabels[step]}
                        <FigureInfo
                          name={funnelStepLabels[step]}
                          definition={funnelStepDefinitions[step]}
                        />
                      </Group>
                    </Table.Th>
                    <Table.Td className={classes.numeric}>
                      <FigureLink
                        value={count}
                        label={funnelStepLabels[step]}
                        href={figureHref({ figure: step })}
                      />
                    </Table.Td>
                    <Table.Td className={classes.numeric}>
                      {before === null ? '' : formatShare(count, before)}
                    </Table.Td>
                    <Table.Td className={classes.noWrap}>
                      <ChangeNote
                        change={changeOf(count, report.previous[step])}
                        previousLabel={previousLabel}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollTable>
        <FunnelChart counts={report.total} />
      </SimpleGrid>
      {report.groupBy && <FunnelGroups report={report} figureHref={figureHref} />}
      <LostReasons report={report} figureHref={figureHref} previousLabel={previousLabel} />
    </Stack>
  );
}

function FunnelGroups({
  report,
  figureHref,
}: {
  report: FunnelReport;
  figureHref: (filter: FigureFilter) => string;
}) {
  const groupBy = report.groupBy!;
  const label = `Funnel by ${groupingLabels[groupBy].toLowerCase()}`;
  if (report.groups.length === 0) {
    return <Text size="sm" c="dimmed">{`${label}: no group has leads in this range.`}</Text>;
  }
  return (
    <ScrollTable label={label}>
      <Table aria-label={label} verticalSpacing="xs" miw={720}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{groupingLabels[groupBy]}</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column} className={classes.numeric}>
                {columnLabel(column)}
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
              {columns.map((column) => (
                <Table.Td key={column} className={classes.numeric}>
                  <FigureLink
                    value={group.figures[column]}
                    label={`${group.label}, ${columnLabel(column)}`}
                    href={figureHref({ figure: column, groupBy, group: group.key })}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

function LostReasons({
  report,
  figureHref,
  previousLabel,
}: {
  report: FunnelReport;
  figureHref: (filter: FigureFilter) => string;
  previousLabel: string;
}) {
  return (
    <Stack gap="xs">
      <Group gap={4} wrap="nowrap">
        <Text fw={600} id="lost-reasons">
          Lost leads by reason
        </Text>
        <FigureInfo name="lost leads" definition={reportDefinitions.lost} />
      </Group>
      <Group gap="xs" wrap="wrap">
        <Text size="sm">
          Lost:{' '}
          <FigureLink
            value={report.total.lost}
            label="Lost"
            href={figureHref({ figure: 'lost' })}
          />
        </Text>
        <ChangeNote
          change={changeOf(report.total.lost, report.previous.lost, { better: 'down' })}
          previousLabel={previousLabel}
        />
      </Group>
      {report.lostReasons.length > 0 && (
        <ScrollTable label="Lost leads by reason">
          <Table aria-labelledby="lost-reasons" verticalSpacing={4} maw={520}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Reason</Table.Th>
                <Table.Th className={classes.numeric}>Leads</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.lostReasons.map((row) => (
                <Table.Tr key={row.reason}>
                  <Table.Th scope="row" fw={400}>
                    {row.reason}
                  </Table.Th>
                  <Table.Td className={classes.numeric}>
                    <FigureLink
                      value={row.count}
                      label={`Lost: ${row.reason}`}
                      href={figureHref({ figure: 'lost', reason: row.reason })}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}
