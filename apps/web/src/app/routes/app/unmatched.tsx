import { SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { getInbox } from '../../../features/inbox/api/get-inbox';
import { useProperties } from '../../../features/properties/api/get-properties';
import type { UnmatchedTab } from '../../../features/unmatched/api/get-unmatched-messages';
import type { SearchLeads } from '../../../features/unmatched/components/lead-choice';
import { UnmatchedList } from '../../../features/unmatched/components/unmatched-list';

/** The inbox's search, across every property and owner: what 'Move to lead' offers. */
const searchLeads: SearchLeads = async (search, signal) =>
  (
    await getInbox({
      propertyId: null,
      search,
      filters: [],
      channel: null,
      view: 'all',
      statuses: [],
      cursor: null,
      signal,
    })
  ).items.slice(0, 20);

/** Inbound texts and emails that reached the company but no lead, and what became of them. */
export function UnmatchedRoute() {
  const [params, setParams] = useSearchParams();
  const tab: UnmatchedTab = params.get('tab') === 'done' ? 'done' : 'open';
  const properties = useProperties().data ?? [];

  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1} size="h3">
          Unmatched messages
        </Title>
        <Text c="dimmed" size="sm">
          Texts and emails that came in but could not be matched to a lead. Move each to its lead,
          make a lead of it, or dismiss it; none is lost.
        </Text>
      </div>
      <SegmentedControl
        aria-label="Which messages"
        value={tab}
        onChange={(value) => setParams(value === 'done' ? { tab: 'done' } : {}, { replace: true })}
        data={[
          { value: 'open', label: 'To do' },
          { value: 'done', label: 'Done' },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      <UnmatchedList status={tab} properties={properties} searchLeads={searchLeads} />
    </Stack>
  );
}
