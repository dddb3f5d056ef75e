import type { InboxChannel, InboxFilter, InboxView, LeadStatus } from '@leasing/contract';
import { Box, Grid, Group, Paper, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { IconBuildingCommunity, IconCalendarEvent, IconMessages } from '@tabler/icons-react';
import { useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { DASHBOARD_VIEW_PARAM, paths, SELECTED_PROPERTY_PARAM } from '../../../config/paths';
import { useUser } from '../../../features/auth/api/get-user';
import { FollowUpMenu } from '../../../features/follow-ups/components/follow-up-menu';
import { InboxPanel } from '../../../features/inbox/components/inbox-panel';
import { renderRowPresence } from '../../../features/presence/components/row-presence';
import { PropertyScopeHeader } from '../../../features/inbox/components/property-scope-header';
import {
  PropertyScopeNav,
  PropertyScopeNavSkeleton,
} from '../../../features/inbox/components/property-scope-nav';
import { PropertyScopePicker } from '../../../features/inbox/components/property-scope-picker';
import {
  inboxLinkSearch,
  readInboxParams,
  writeInboxParams,
} from '../../../features/inbox/utils/inbox-url-params';
import { BulkAssignActions } from '../../../features/owners/components/bulk-assign-actions';
import { useProperties } from '../../../features/properties/api/get-properties';
import { ToursWeek } from '../../../features/tours/components/tours-week';
import { dayToIso, isoToDay } from '../../../features/tours/utils/zoned-week';
import { DashboardHeader } from './dashboard/dashboard-header';
import { useInboxShortcuts } from './dashboard/use-inbox-shortcuts';
import { loadLeadRouteWhenIdle } from './load-lead-route';

/** The dashboard's other URL parameters: which view, and the calendar's week. */
const WEEK_PARAM = 'week';
type DashboardView = 'inbox' | 'tours';

const viewOptions = [
  {
    value: 'inbox',
    label: (
      <Group gap={6} wrap="nowrap" justify="center">
        <IconMessages size={16} stroke={1.75} aria-hidden />
        <span>Inbox</span>
      </Group>
    ),
  },
  {
    value: 'tours',
    label: (
      <Group gap={6} wrap="nowrap" justify="center">
        <IconCalendarEvent size={16} stroke={1.75} aria-hidden />
        <span>Tours</span>
      </Group>
    ),
  },
];

/**
 * Once the inbox shows its rows, the lead's page loads while the browser is idle: opening a row
 * then waits for the lead's data only.
 */
const preloadLeadPage = loadLeadRouteWhenIdle;

/**
 * Where the leasing team works its queue: the user's properties on the left (all of them, or
 * one), the lead inbox (who needs a human first, then the latest conversations) or the week's
 * tours on the right. Everything it shows is in the URL, so Back from a lead returns to it.
 */
export function DashboardRoute() {
  const propertiesQuery = useProperties();
  const userQuery = useUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const inboxRef = useRef<HTMLDivElement>(null);

  const properties = propertiesQuery.data ?? [];
  const requestedId = searchParams.get(SELECTED_PROPERTY_PARAM);
  const selected = properties.find((property) => property._id === requestedId) ?? null;
  // Until the properties are known a requested one is taken at its word; an unknown one then
  // falls back to all.
  const propertyId = propertiesQuery.isPending ? requestedId : (selected?._id ?? null);
  const view: DashboardView =
    searchParams.get(DASHBOARD_VIEW_PARAM) === 'tours' ? 'tours' : 'inbox';
  const inboxParams = readInboxParams(searchParams, propertyId);
  const weekStart = isoToDay(searchParams.get(WEEK_PARAM));

  function hrefFor(change: (next: URLSearchParams) => void) {
    const next = new URLSearchParams(searchParams);
    change(next);
    const query = next.toString();
    return `${paths.dashboard.getHref()}${query ? `?${query}` : ''}`;
  }

  function getPropertyHref(id: string | null) {
    return hrefFor((next) => {
      if (id) next.set(SELECTED_PROPERTY_PARAM, id);
      else next.delete(SELECTED_PROPERTY_PARAM);
    });
  }

  /** Typing and filtering replace the history entry: Back leaves the dashboard, not a keystroke. */
  function replaceParams(change: (current: URLSearchParams) => URLSearchParams) {
    setSearchParams(change, { replace: true });
  }

  function handleViewChange(value: string) {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (value === 'tours') next.set(DASHBOARD_VIEW_PARAM, 'tours');
      else next.delete(DASHBOARD_VIEW_PARAM);
      return next;
    });
  }

  function handleSearchChange(search: string) {
    replaceParams((current) => writeInboxParams(current, { search }));
  }

  function handleFiltersChange(filters: InboxFilter[]) {
    replaceParams((current) => writeInboxParams(current, { filters }));
  }

  function handleChannelChange(channel: InboxChannel | null) {
    replaceParams((current) => writeInboxParams(current, { channel }));
  }

  function handleOwnerViewChange(ownerView: InboxView) {
    replaceParams((current) => writeInboxParams(current, { view: ownerView }));
  }

  function renderSelectionActions(leadIds: string[], clearSelection: () => void) {
    return <BulkAssignActions leadIds={leadIds} me={userQuery.data} onDone={clearSelection} />;
  }

  function handleStatusesChange(statuses: LeadStatus[]) {
    replaceParams((current) => writeInboxParams(current, { statuses }));
  }

  function handleClearFilters() {
    replaceParams((current) =>
      writeInboxParams(current, { search: '', filters: [], channel: null, statuses: [] }),
    );
  }

  function handleWeekChange(week: number | null) {
    replaceParams((current) => {
      const next = new URLSearchParams(current);
      if (week === null) next.delete(WEEK_PARAM);
      else next.set(WEEK_PARAM, dayToIso(week));
      return next;
    });
  }

  function handleRetry() {
    void propertiesQuery.refetch();
  }

  function handlePropertyPick(id: string | null) {
    void navigate(getPropertyHref(id));
  }

  useInboxShortcuts(inboxRef, view === 'inbox');

  return (
    <Stack gap="lg">
      <DashboardHeader />

      {propertiesQuery.isError ? (
        <Paper withBorder radius="md">
          <ErrorState
            title="Could not load properties"
            message={propertiesQuery.error.message}
            onRetry={handleRetry}
          />
        </Paper>
      ) : !propertiesQuery.isPending && properties.length === 0 ? (
        <Paper withBorder radius="md">
          <EmptyState
            icon={<IconBuildingCommunity size={22} stroke={1.5} />}
            title="No properties yet"
            description="Properties your company manages appear here once they are connected."
          />
        </Paper>
      ) : (
        <Grid gap="lg" align="flex-start">
          {/* Below `md` the properties are a picker above the inbox (PropertyScopeHeader). */}
          <Grid.Col span={{ base: 12, md: 4, lg: 3 }} visibleFrom="md">
            <Paper withBorder radius="md" p="xs">
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="xs" pb="sm">
                Properties
              </Text>
              {propertiesQuery.isPending ? (
                <PropertyScopeNavSkeleton />
              ) : (
                <PropertyScopeNav
                  properties={properties}
                  selectedPropertyId={propertyId}
                  getHref={getPropertyHref}
                />
              )}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
            <Paper withBorder radius="md" ref={inboxRef}>
              <Group justify="space-between" align="center" p="md" pb={0} gap="sm">
                {propertiesQuery.isPending ? (
                  // The size of what comes: the property's name and count, or a phone's picker,
                  // so the view switch beside it stays where it is.
                  <>
                    <Box visibleFrom="md">
                      <Skeleton height={22} width={200} mb={8} />
                      <Skeleton height={14} width={120} mb={2} />
                    </Box>
                    <Box hiddenFrom="md" style={{ flex: '1 1 200px' }}>
                      <Skeleton height={42} />
                    </Box>
                  </>
                ) : (
                  <>
                    <Box visibleFrom="md">
                      <PropertyScopeHeader property={selected} properties={properties} />
                    </Box>
                    <Box hiddenFrom="md" style={{ flex: '1 1 200px' }}>
                      <PropertyScopePicker
                        properties={properties}
                        selectedPropertyId={propertyId}
                        onChange={handlePropertyPick}
                      />
                    </Box>
                  </>
                )}
                <SegmentedControl
                  value={view}
                  onChange={handleViewChange}
                  data={viewOptions}
                  aria-label="View"
                />
              </Group>
              {view === 'inbox' ? (
                <InboxPanel
                  params={inboxParams}
                  onSearchChange={handleSearchChange}
                  onFiltersChange={handleFiltersChange}
                  onChannelChange={handleChannelChange}
                  onStatusesChange={handleStatusesChange}
                  onClearFilters={handleClearFilters}
                  onViewChange={handleOwnerViewChange}
                  renderSelectionActions={renderSelectionActions}
                  renderRowPresence={renderRowPresence}
                  linkSearch={inboxLinkSearch(inboxParams)}
                  onRowsShown={preloadLeadPage}
                  renderRowAction={(item) => (
                    <FollowUpMenu
                      compact
                      leadId={item._id}
                      leadName={item.name}
                      followUpAt={item.followUpAt}
                      timeZone={item.propertyTimeZone}
                    />
                  )}
                />
              ) : (
                <ToursWeek
                  propertyId={propertyId}
                  weekStart={weekStart}
                  onWeekChange={handleWeekChange}
                />
              )}
            </Paper>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
