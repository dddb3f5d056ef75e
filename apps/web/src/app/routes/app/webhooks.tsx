import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { WebhookEndpoint } from '@leasing/contract';
import { EndpointFormDialog } from '../../../features/webhooks/components/endpoint-form-dialog';
import { EndpointSecretDialog } from '../../../features/webhooks/components/endpoint-secret-dialog';
import { WebhookDeliveriesTable } from '../../../features/webhooks/components/webhook-deliveries-table';
import { WebhookEndpointsTable } from '../../../features/webhooks/components/webhook-endpoints-table';

/** Settings → Webhooks: where the company's events are sent, and how each delivery went. */
export function WebhooksRoute() {
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<WebhookEndpoint | null>(null);

  return (
    <Stack gap="lg" maw={1180}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <div>
          <Title order={1} size="h3">
            Webhooks
          </Title>
          <Text c="dimmed" size="sm" maw={680}>
            Events are POSTed as signed JSON to each endpoint that picked them, and retried with
            backoff until the endpoint answers 2xx.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
          Add endpoint
        </Button>
      </Group>
      <WebhookEndpointsTable />
      <Title order={2} size="h4">
        Delivery log
      </Title>
      <WebhookDeliveriesTable />
      {adding && <EndpointFormDialog onClose={() => setAdding(false)} onCreated={setCreated} />}
      {created && (
        <EndpointSecretDialog
          key={created._id}
          endpoint={created}
          onClose={() => setCreated(null)}
        />
      )}
    </Stack>
  );
}
