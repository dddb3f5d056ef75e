import { Stack, Text, Title } from '@mantine/core';
import { LeadSourcesSettings } from '../../../features/leads/components/lead-sources-settings';

/** Settings → Sources: where the company's leads come from. */
export function SourcesRoute() {
  return (
    <Stack gap="lg" maw={1040}>
      <div>
        <Title order={1} size="h3">
          Sources
        </Title>
        <Text c="dimmed" size="sm" maw={640}>
          Where your leads come from. Staff set a lead&rsquo;s source in its pane; a number with a
          source (Settings → Numbers) gives it to the new leads that text it first; integrations
          name it, and a new name joins this list. Merge two sources to move every lead and number
          of one to the other.
        </Text>
      </div>
      <LeadSourcesSettings />
    </Stack>
  );
}
