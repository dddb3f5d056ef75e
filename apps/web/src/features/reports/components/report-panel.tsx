import { Group, Loader, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChartBarOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';

export type ReportPanelProps = {
  /** The section's heading; also its region's name. */
  title: string;
  /** The info button beside the heading. */
  info?: ReactNode;
  /** Controls on the heading's line (the view switch, a group-by select). */
  actions?: ReactNode;
  /** A line under the heading. */
  description?: ReactNode;
  /** Other figures are loading: the ones shown are the last answer's. */
  busy?: boolean;
  children: ReactNode;
};

/** One report section: a titled card, named for screen readers by its heading. */
export function ReportPanel({
  title,
  info,
  actions,
  description,
  busy = false,
  children,
}: ReportPanelProps) {
  const headingId = `report-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={headingId}
      aria-busy={busy || undefined}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <div>
            <Group gap={4} wrap="nowrap">
              <Title order={2} size="h4" id={headingId}>
                {title}
              </Title>
              {info}
              {busy && (
                <Loader
                  size={14}
                  ml={4}
                  role="status"
                  aria-label={`Updating ${title.toLowerCase()}`}
                />
              )}
            </Group>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </div>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

type SectionQuery = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
};

/**
 * What a section shows before it has figures: skeletons while it loads, the error with Retry when
 * it could not. Null once the answer is there.
 */
export function reportLoadState(query: SectionQuery, what: string): ReactNode | null {
  if (query.isPending) {
    return (
      <Stack gap="sm" role="status" aria-label={`Loading ${what}`}>
        <Skeleton height={48} />
        <Skeleton height={18} width="80%" />
        <Skeleton height={18} width="65%" />
        <Skeleton height={18} width="50%" />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title={`Could not load ${what}`}
        message={query.error?.message}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return null;
}

/** No lead counted in the range: say so, and how to see more. */
export function EmptyRange() {
  return (
    <EmptyState
      icon={<IconChartBarOff size={22} stroke={1.5} />}
      title="No leads in this range"
      description="Widen the range (Last 30 days, Last month or Custom days) or choose all properties."
    />
  );
}
