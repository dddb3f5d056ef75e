import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useLeadSources } from '../../../features/leads/api/get-lead-sources';
import { AddNumberDialog } from '../../../features/numbers/components/add-number-dialog';
import { NumbersTable } from '../../../features/numbers/components/numbers-table';
import { useProperties } from '../../../features/properties/api/get-properties';

/** Settings → Numbers: the SMS numbers the company's texts arrive at and leave from. */
export function NumbersRoute() {
  const [adding, setAdding] = useState(false);
  const sources = useLeadSources();
  const properties = useProperties();

  return (
    <Stack gap="lg" maw={1040}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <div>
          <Title order={1} size="h3">
            Numbers
          </Title>
          <Text c="dimmed" size="sm" maw={640}>
            Texts to these numbers reach only your company. Properties without their own number text
            from the shared number. A number&rsquo;s source is given to the new leads that text or
            call it first; a tracking number (a Zillow ad&rsquo;s, a yard sign&rsquo;s) brings its
            texts and calls to the property it tracks for, and replies leave from that
            property&rsquo;s own number.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
          Add number
        </Button>
      </Group>
      <NumbersTable sources={sources.data?.items} properties={properties.data} />
      <AddNumberDialog opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
