import type { ApiKey } from '@leasing/contract';
import { Badge, Button, Code, Group, Table, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { listState } from '../../../components/ui/list-state';
import { RowActions } from '../../../components/ui/row-actions';
import { StackedTable } from '../../../components/ui/stacked-table';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { useApiKeys } from '../api/get-api-keys';
import { RevokeApiKeyDialog } from './revoke-api-key-dialog';

const COLUMNS = {
  name: 'Name',
  key: 'Key',
  scopes: 'Scopes',
  created: 'Created',
  lastUsed: 'Last used',
  status: 'Status',
} as const;

/** Live keys first (newest first), the revoked ones below them as a record. */
function byStatus(keys: ApiKey[]): ApiKey[] {
  return [...keys.filter((key) => !key.revokedAt), ...keys.filter((key) => key.revokedAt)];
}

function ScopeBadges({ scopes }: { scopes: ApiKey['scopes'] }) {
  if (scopes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  }
  return (
    <Group gap={4} aria-label="Scopes" role="list">
      {scopes.map((scope) => (
        <Badge key={scope} role="listitem" variant="outline" color="gray" tt="none" radius="sm">
          {scope}
        </Badge>
      ))}
    </Group>
  );
}

/** A live key's status: Active (with its expiry, if it has one) or Expired, in red. */
function LiveKeyStatus({ expiresAt, now }: { expiresAt: string | null; now: number }) {
  if (expiresAt && Date.parse(expiresAt) <= now) {
    const label = `Expired on ${formatDate(expiresAt)}`;
    return (
      <Badge color="red" variant="light" aria-label={label} title={label}>
        Expired
      </Badge>
    );
  }
  return (
    <>
      <Badge color="teal" variant="light">
        Active
      </Badge>
      {expiresAt && (
        <Text size="xs" c="dimmed" mt={2}>
          Expires {formatDate(expiresAt)}
        </Text>
      )}
    </>
  );
}

type ApiKeyRowProps = {
  apiKey: ApiKey;
  now: number;
  onRevoke: (apiKey: ApiKey) => void;
};

function ApiKeyRow({ apiKey, now, onRevoke }: ApiKeyRowProps) {
  const revoked = apiKey.revokedAt !== null;
  return (
    <Table.Tr c={revoked ? 'dimmed' : undefined}>
      <Table.Td data-label={COLUMNS.name}>
        <Text size="sm" fw={600} c={revoked ? 'dimmed' : undefined}>
          {apiKey.name}
        </Text>
      </Table.Td>
      <Table.Td data-label={COLUMNS.key}>
        <Code>{apiKey.prefix}…</Code>
      </Table.Td>
      <Table.Td data-label={COLUMNS.scopes}>
        <ScopeBadges scopes={apiKey.scopes} />
      </Table.Td>
      <Table.Td data-label={COLUMNS.created}>
        <Text size="sm">{formatDateTime(apiKey.createdAt)}</Text>
        <Text size="xs" c="dimmed">
          {apiKey.createdByUserName ? `by ${apiKey.createdByUserName}` : 'on the command line'}
        </Text>
      </Table.Td>
      <Table.Td data-label={COLUMNS.lastUsed}>
        <Text size="sm">{apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : 'Never'}</Text>
      </Table.Td>
      <Table.Td data-label={COLUMNS.status}>
        {apiKey.revokedAt ? (
          <>
            <Badge color="gray" variant="light">
              Revoked
            </Badge>
            <Text size="xs" c="dimmed" mt={2}>
              {formatDateTime(apiKey.revokedAt)}
            </Text>
          </>
        ) : (
          <LiveKeyStatus expiresAt={apiKey.expiresAt} now={now} />
        )}
      </Table.Td>
      <RowActions>
        {!revoked && (
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            onClick={() => onRevoke(apiKey)}
            aria-label={`Revoke ${apiKey.name}`}
          >
            Revoke
          </Button>
        )}
      </RowActions>
    </Table.Tr>
  );
}

/** The company's API keys, with revoking. */
export function ApiKeysTable() {
  const keysQuery = useApiKeys();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  function handleCloseRevoke() {
    setRevoking(null);
  }

  if (!keysQuery.isSuccess || keysQuery.data.length === 0) {
    return listState(keysQuery, {
      loadingLabel: 'Loading API keys',
      errorTitle: 'Could not load the API keys',
      empty: {
        icon: <IconKey size={22} stroke={1.5} />,
        title: 'No API keys yet',
        description:
          'Create one key for each system that connects, so one can be revoked without stopping the others.',
      },
    });
  }

  return (
    <>
      <StackedTable label="API keys" columns={Object.values(COLUMNS)} withActions>
        {byStatus(keysQuery.data).map((apiKey) => (
          <ApiKeyRow
            key={apiKey._id}
            apiKey={apiKey}
            now={keysQuery.dataUpdatedAt}
            onRevoke={setRevoking}
          />
        ))}
      </StackedTable>
      {revoking && (
        <RevokeApiKeyDialog key={revoking._id} apiKey={revoking} onClose={handleCloseRevoke} />
      )}
    </>
  );
}
