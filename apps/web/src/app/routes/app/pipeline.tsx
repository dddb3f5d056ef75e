import { Stack, Text, Title } from '@mantine/core';
import { LostReasonsSettings } from '../../../features/leads/components/lost-reasons-settings';

/** Leasing team → Pipeline: how the company's leads move, starting with why they are lost. */
export function PipelineRoute() {
  return (
    <Stack gap="lg" maw={1040}>
      <div>
        <Title order={1} size="h3">
          Pipeline
        </Title>
        <Text c="dimmed" size="sm" maw={640}>
          Leads move New → Contacted → Tour scheduled → Toured → Applied → Leased, or Lost, by hand
          and as messages and tours happen.
        </Text>
      </div>
      <LostReasonsSettings />
    </Stack>
  );
}
