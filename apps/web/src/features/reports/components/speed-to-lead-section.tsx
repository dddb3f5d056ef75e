import type { ReportGrouping, SpeedFigures, SpeedToLeadReport } from '@leasing/contract';
import { Group, Select, Stack, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { reportDefinitions } from '../definitions';
import { changeOf, formatLeads, formatMinutes, formatShare, shareOf } from '../utils/format-report';
import { GROUP_BY_OPTIONS, groupingLabels } from '../utils/report-labels';
import type { FigureFilter } from '../utils/report-params';
import { formatDays } from '../utils/report-range';
import { ChangeNote } from './change-note';
import { FigureInfo } from './figure-info';
import { FigureLink } from './figure-link';
import { EmptyRange, ReportPanel, reportLoadState } from './report-panel';
import { ScrollTable } from './scroll-table';
import { SpeedHeatMap } from './speed-heat-map';
import classes from './reports.module.css';

type FigureHref = (filter: FigureFilter) => string;

export type SpeedToLeadSectionProps = {
  query: UseQueryResult<SpeedToLeadReport>;
  groupBy: ReportGrouping | null;
  onGroupByChange: (groupBy: ReportGrouping | null) => void;
  figureHref: FigureHref;
};

const minutesOrDash = (minutes: number | null) => (minutes === null ? '—' : formatMinutes(minutes));

/**
 * Speed-to-lead: how long leads whose first message came in the range waited for the team's
 * first message, in office hours; the assistant and people apart; by group; and when they came.
 */
export function SpeedToLeadSection({
  query,
  groupBy,
  onGroupByChange,
  figureHref,
}: SpeedToLeadSectionProps) {
  const report = query.data;
  return (
    <ReportPanel
      title="Speed to lead"
      busy={query.isPlaceholderData}
      info={<FigureInfo name="speed to lead" definition={reportDefinitions.speedToLead} />}
      description="How long leads waited for the team's first reply, in office hours"
      actions={
        <Select
          label="Group speed to lead by"
          data={GROUP_BY_OPTIONS}
          value={groupBy ?? 'none'}
          onChange={(value) =>
            onGroupByChange(value && value !== 'none' ? (value as ReportGrouping) : null)
          }
          allowDeselect={false}
          w={200}
          comboboxProps={{ withinPortal: true }}
        />
      }
    >
      {reportLoadState(query, 'speed to lead') ??
        (report && report.total.arrived === 0 && report.groups.length === 0 ? (
          <EmptyRange />
        ) : (
          report && <SpeedFiguresView report={report} figureHref={figureHref} />
        ))}
    </ReportPanel>
  );
}

type StatProps = {
  name: string;
  definition: string;
  value: string;
  change: ReactNode;
  detail?: ReactNode;
};

function Stat({ name, definition, value, change, detail }: StatProps) {
  return (
    <div className={classes.stat}>
      <Group gap={2} wrap="nowrap">
        <Text size="sm" c="dimmed">
          {name}
        </Text>
        <FigureInfo name={name} definition={definition} />
      </Group>
      <div className={classes.statValue}>{value}</div>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
      {change}
    </div>
  );
}

function SpeedFiguresView({
  report,
  figureHref,
}: {
  report: SpeedToLeadReport;
  figureHref: FigureHref;
}) {
  const { total, previous, targetMinutes } = report;
  const previousLabel = formatDays(report.previousRange);
  const note = (
    current: number | null,
    before: number | null,
    options: Parameters<typeof changeOf>[2],
  ) => <ChangeNote change={changeOf(current, before, options)} previousLabel={previousLabel} />;
  const shareStat = (
    name: string,
    definition: string,
    key: 'withinTarget' | 'within5Minutes' | 'withinHour' | 'neverAnswered',
    figure: FigureFilter['figure'],
    better: 'up' | 'down',
  ) => (
    <Stat
      name={name}
      definition={definition}
      value={formatShare(total[key], total.arrived)}
      detail={
        <>
          <FigureLink value={total[key]} label={name} href={figureHref({ figure })} /> of{' '}
          {formatLeads(total.arrived)}
        </>
      }
      change={note(shareOf(total[key], total.arrived), shareOf(previous[key], previous.arrived), {
        kind: 'share',
        better,
      })}
    />
  );

  return (
    <Stack gap="lg">
      <Text size="sm">
        <FigureLink
          value={total.arrived}
          label="Leads who wrote first"
          href={figureHref({ figure: 'arrived' })}
        >
          {formatLeads(total.arrived)}
        </FigureLink>{' '}
        wrote first in this range;{' '}
        <FigureLink
          value={total.answered}
          label="Answered"
          href={figureHref({ figure: 'answered' })}
        >
          {`${total.answered} answered`}
        </FigureLink>
        . <FigureInfo name="leads who wrote first" definition={reportDefinitions.arrived} />{' '}
        {note(total.arrived, previous.arrived, { better: 'up' })}
      </Text>
      <div className={classes.stats}>
        <Stat
          name="Median first reply"
          definition={reportDefinitions.median}
          value={minutesOrDash(total.medianMinutes)}
          detail={
            total.medianWallMinutes === null
              ? 'No answered leads'
              : `${formatMinutes(total.medianWallMinutes)} on the wall clock`
          }
          change={note(total.medianMinutes, previous.medianMinutes, { better: 'down' })}
        />
        <Stat
          name="90th percentile"
          definition={reportDefinitions.p90}
          value={minutesOrDash(total.p90Minutes)}
          change={note(total.p90Minutes, previous.p90Minutes, { better: 'down' })}
        />
        {shareStat(
          `Within target (${formatMinutes(targetMinutes)})`,
          reportDefinitions.withinTarget,
          'withinTarget',
          'within_target',
          'up',
        )}
        {shareStat(
          'Within 5 minutes',
          reportDefinitions.within5Minutes,
          'within5Minutes',
          'within_5_minutes',
          'up',
        )}
        {shareStat(
          'Within an hour',
          reportDefinitions.withinHour,
          'withinHour',
          'within_hour',
          'up',
        )}
        {shareStat(
          'Never answered',
          reportDefinitions.neverAnswered,
          'neverAnswered',
          'never_answered',
          'down',
        )}
      </div>
      <ResponderTable report={report} figureHref={figureHref} />
      {report.groupBy && <SpeedGroups report={report} figureHref={figureHref} />}
      <SpeedHeatMap cells={report.heatmap} figureHref={figureHref} />
    </Stack>
  );
}

const responders = [
  { key: 'assistant', label: 'Assistant' },
  { key: 'people', label: 'People' },
] as const;

function ResponderTable({
  report,
  figureHref,
}: {
  report: SpeedToLeadReport;
  figureHref: FigureHref;
}) {
  const label = 'First reply by the assistant and by people';
  return (
    <Stack gap="xs">
      <Group gap={4} wrap="nowrap">
        <Text fw={600}>{label}</Text>
        <FigureInfo name="who answered first" definition={reportDefinitions.byResponder} />
      </Group>
      <ScrollTable label={label}>
        <Table aria-label={label} verticalSpacing="xs" miw={560}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>First reply by</Table.Th>
              <Table.Th className={classes.numeric}>Answered first</Table.Th>
              <Table.Th className={classes.numeric}>Median</Table.Th>
              <Table.Th className={classes.numeric}>90th percentile</Table.Th>
              <Table.Th className={classes.numeric}>Within target</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {responders.map(({ key, label: name }) => {
              const figures = report.byResponder[key];
              return (
                <Table.Tr key={key}>
                  <Table.Th scope="row" fw={500}>
                    {name}
                  </Table.Th>
                  <Table.Td className={classes.numeric}>
                    <FigureLink
                      value={figures.answered}
                      label={`Answered first by ${name.toLowerCase()}`}
                      href={figureHref({ figure: 'answered', responder: key })}
                    />
                  </Table.Td>
                  <Table.Td className={classes.numeric}>
                    {minutesOrDash(figures.medianMinutes)}
                  </Table.Td>
                  <Table.Td className={classes.numeric}>
                    {minutesOrDash(figures.p90Minutes)}
                  </Table.Td>
                  <Table.Td className={classes.numeric}>
                    <FigureLink
                      value={figures.withinTarget}
                      label={`Answered within target by ${name.toLowerCase()}`}
                      href={figureHref({ figure: 'within_target', responder: key })}
                    />{' '}
                    ({formatShare(figures.withinTarget, figures.answered)})
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Stack>
  );
}

const groupColumns: { key: keyof SpeedFigures; label: string; figure?: FigureFilter['figure'] }[] =
  [
    { key: 'arrived', label: 'Wrote first', figure: 'arrived' },
    { key: 'answered', label: 'Answered', figure: 'answered' },
    { key: 'medianMinutes', label: 'Median' },
    { key: 'p90Minutes', label: '90th percentile' },
    { key: 'withinTarget', label: 'Within target', figure: 'within_target' },
    { key: 'neverAnswered', label: 'Never answered', figure: 'never_answered' },
  ];

function SpeedGroups({
  report,
  figureHref,
}: {
  report: SpeedToLeadReport;
  figureHref: FigureHref;
}) {
  const groupBy = report.groupBy!;
  const label = `Speed to lead by ${groupingLabels[groupBy].toLowerCase()}`;
  if (report.groups.length === 0) {
    return <Text size="sm" c="dimmed">{`${label}: no group has leads in this range.`}</Text>;
  }
  return (
    <ScrollTable label={label}>
      <Table aria-label={label} verticalSpacing="xs" miw={720}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{groupingLabels[groupBy]}</Table.Th>
            {groupColumns.map((column) => (
              <Table.Th key={column.key} className={classes.numeric}>
                {column.label}
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
              {groupColumns.map((column) => {
                const value = group.figures[column.key];
                return (
                  <Table.Td key={column.key} className={classes.numeric}>
                    {column.figure ? (
                      <FigureLink
                        value={value ?? 0}
                        label={`${group.label}, ${column.label}`}
                        href={figureHref({ figure: column.figure, groupBy, group: group.key })}
                      />
                    ) : (
                      minutesOrDash(value)
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
