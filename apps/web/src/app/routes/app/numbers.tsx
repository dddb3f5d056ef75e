import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useLeadSources } from '../../../features/leads/api/get-lead-sources';
import { AddNumberDialog } from '../../../features/numbers/components/add-number-dialog';
import { NumbersTable } from '../../../features/numbers/components/numbers-table';

/** Settings → Numbers: the SMS numbers the company's texts arrive at and leave from. */
export function NumbersRoute() {
  const [adding, setAdding] = useState(false);
  const sources = useLeadSources();

  return (
    <Stack gap="lg" maw={1040}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <div>
          <Title order={1} size="h3">
            Numbers
          </Title>
          <Text c="dimmed" size="sm" maw={640}>
            Texts to these numbers reach only your company. Properties without their own number text
            from the shared number. A number&rsquo;s source is given to the new leads that text it
            first.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
          Add number
        </Button>
      </Group>
      <NumbersTable sources={sources.data?.items} />
      <AddNumberDialog opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
