import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconBook, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiKeysTable } from '../../../features/api-keys/components/api-keys-table';
import { CreateApiKeyDialog } from '../../../features/api-keys/components/create-api-key-dialog';

/** Served by the API server itself, outside the SPA. */
const API_REFERENCE_URL = '/api/docs';

/** Settings → API keys: the keys other systems use to reach the integration API. */
export function ApiKeysRoute() {
  const [creating, setCreating] = useState(false);

  return (
    <Stack gap="lg" maw={1040}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <div>
          <Title order={1} size="h3">
            API keys
          </Title>
          <Text c="dimmed" size="sm" maw={640}>
            Keys let your other systems — the leasing assistant, the property-management system, the
            phone bot — add leads and events that appear in this console. A key reaches your company
            only.{' '}
            <Anchor
              href={API_REFERENCE_URL}
              target="_blank"
              rel="noopener"
              size="sm"
              underline="always"
            >
              <IconBook size={14} style={{ verticalAlign: -2 }} aria-hidden /> API reference
            </Anchor>
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          Create API key
        </Button>
      </Group>
      <ApiKeysTable />
      <CreateApiKeyDialog opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
