import { Stack, Text, Title } from '@mantine/core';
import { AssignmentRules } from '../../../features/owners/components/assignment-rules';

/** Leasing team → Assignment: which properties hand new leads out round robin, and to whom. */
export function AssignmentRoute() {
  return (
    <Stack gap="lg" maw={1040}>
      <div>
        <Title order={1} size="h3">
          Assignment
        </Title>
        <Text c="dimmed" size="sm" maw={680}>
          With round robin on, each new lead of the property goes to the next of its people who is
          signed in. When none is, the lead stays Unassigned for anyone to take.
        </Text>
      </div>
      <AssignmentRules />
    </Stack>
  );
}
