import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { paths } from '../../../config/paths';
import { useUser } from '../../../features/auth/api/get-user';
import { useProperties } from '../../../features/properties/api/get-properties';
import { useFollowUpReport } from '../../../features/reports/api/get-follow-up-report';
import { useFunnelReport } from '../../../features/reports/api/get-funnel-report';
import { useSpeedToLeadReport } from '../../../features/reports/api/get-speed-to-lead-report';
import { cachedReportTimeZone } from '../../../features/reports/api/report-time-zone';
import { ExportButtons } from '../../../features/reports/components/export-buttons';
import { FollowUpSection } from '../../../features/reports/components/follow-up-section';
import { FunnelSection } from '../../../features/reports/components/funnel-section';
import { ReportRangeBar } from '../../../features/reports/components/report-range-bar';
import { SpeedToLeadSection } from '../../../features/reports/components/speed-to-lead-section';
import { WeeklyEmailSwitch } from '../../../features/reports/components/weekly-email-switch';
import {
  daysOf,
  figureSearch,
  paramsWith,
  reportParamsFrom,
} from '../../../features/reports/utils/report-params';
import type { FigureFilter, ReportParams } from '../../../features/reports/utils/report-params';
import { rangeProblem } from '../../../features/reports/utils/report-range';
import { viewerTimeZone } from '../../../lib/viewer-time-zone';

/**
 * Reports: the funnel, speed to lead and follow-up discipline over a range of the company's days,
 * each figure opening onto its leads. Every staff role may open it; an agent's figures are their
 * own leads' (the server narrows them).
 */
export function ReportsRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = reportParamsFrom(searchParams);
  const queryClient = useQueryClient();
  const user = useUser();
  const properties = useProperties();

  // Presets are the company's days: its zone comes with every report's answer.
  const [timeZone, setTimeZone] = useState(
    () => cachedReportTimeZone(queryClient) ?? viewerTimeZone(),
  );
  const days = daysOf(params, timeZone);
  const problem = params.range === 'custom' ? rangeProblem(days) : null;
  const range = { from: days.from, to: days.to, propertyId: params.propertyId };
  const enabled = problem === null;
  const funnel = useFunnelReport(
    { ...range, view: params.view, groupBy: params.funnelGroupBy },
    { enabled },
  );
  const speed = useSpeedToLeadReport({ ...range, groupBy: params.speedGroupBy }, { enabled });
  const followUp = useFollowUpReport(range, { enabled });
  const answeredZone =
    funnel.data?.range.timeZone ?? speed.data?.range.timeZone ?? followUp.data?.range.timeZone;
  if (answeredZone && answeredZone !== timeZone) setTimeZone(answeredZone);

  function handleChange(changes: Partial<ReportParams>) {
    setSearchParams(paramsWith(params, changes));
  }

  function figureHref(filter: FigureFilter) {
    return paths.reportLeads.getHref(figureSearch(params, days, filter));
  }

  const scope =
    user.data &&
    (user.data.role === 'agent' ? 'Your leads' : `All leads at ${user.data.companyName}`);

  return (
    <Stack gap="lg" maw={1240}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <div>
          <Title order={1} size="h3">
            Reports
          </Title>
          <Text c="dimmed" size="sm">
            {scope}
          </Text>
        </div>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <WeeklyEmailSwitch />
          <ExportButtons
            input={problem ? null : { ...range, view: params.view }}
            disabledReason={problem ? `${problem} to export.` : null}
          />
        </Group>
      </Group>
      <ReportRangeBar
        params={params}
        days={days}
        timeZone={timeZone}
        properties={(properties.data ?? []).map((property) => ({
          value: property._id,
          label: property.name,
        }))}
        propertiesError={properties.isError}
        onChange={handleChange}
      />
      {problem ? (
        <Paper withBorder radius="md">
          <EmptyState
            icon={<IconCalendarX size={22} stroke={1.5} />}
            title="These days select nothing"
            description={`${problem} to see the reports.`}
          />
        </Paper>
      ) : (
        <>
          <FunnelSection
            query={funnel}
            view={params.view}
            groupBy={params.funnelGroupBy}
            onViewChange={(view) => handleChange({ view })}
            onGroupByChange={(funnelGroupBy) => handleChange({ funnelGroupBy })}
            figureHref={figureHref}
          />
          <SpeedToLeadSection
            query={speed}
            groupBy={params.speedGroupBy}
            onGroupByChange={(speedGroupBy) => handleChange({ speedGroupBy })}
            figureHref={figureHref}
          />
          <FollowUpSection query={followUp} figureHref={figureHref} />
        </>
      )}
    </Stack>
  );
}
