import { auditActionLabels } from '@leasing/contract';
import type { AuditEntry } from '@leasing/contract';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconFilter, IconHistory } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { StackedTable } from '../../../components/ui/stacked-table';
import { formatDateTime, formatZoneName } from '../../../lib/format-date';
import { viewerTimeZone } from '../../../lib/viewer-time-zone';
import { describeChange } from '../utils/describe-change';
import classes from './audit.module.css';

/** The viewer's zone, named on the time column so nobody reads the times as the office's. */
const viewerZone = () => formatZoneName(viewerTimeZone());

const columnsIn = (zone: string) =>
  ({
    time: `Time (${zone})`,
    who: 'Who',
    what: 'What',
    lead: 'Lead',
    details: 'Details',
    ip: 'IP',
  }) as const;

/** Who did it, with a badge for anyone who is not a signed-in colleague. */
const actorBadges: Partial<
  Record<AuditEntry['actor']['type'], { badge: string; color: string; unnamed: string }>
> = {
  'api-key': { badge: 'API key', color: 'grape', unnamed: 'A deleted key' },
  anonymous: { badge: 'Not signed in', color: 'gray', unnamed: 'Unknown email' },
  // Nobody signed in: the number's owner did it, e.g. texting STOP to a shared number.
  system: { badge: 'By text', color: 'gray', unnamed: 'Automatic' },
};

function Actor({ actor }: { actor: AuditEntry['actor'] }) {
  const kind = actorBadges[actor.type];
  if (!kind) return <Text size="sm">{actor.name ?? 'Unknown person'}</Text>;
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" className={classes.breakAnywhere}>
        {actor.name ?? kind.unnamed}
      </Text>
      <Badge size="xs" variant="light" color={kind.color} miw="max-content">
        {kind.badge}
      </Badge>
    </Group>
  );
}

function Details({ entry }: { entry: AuditEntry }) {
  const lines = describeChange(entry.before, entry.after, (iso) => formatDateTime(iso));
  if (lines.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <ul className={classes.details}>
      {lines.map((line) => (
        <li key={line.label}>
          <Text size="xs" c="dimmed" span>
            {line.label}:
          </Text>{' '}
          <Text size="xs" span className={classes.breakAnywhere}>
            {line.before !== null && (
              <>
                <s aria-label={`was ${line.before}`}>{line.before}</s> →{' '}
              </>
            )}
            {line.after}
          </Text>
        </li>
      ))}
    </ul>
  );
}

type AuditRowProps = {
  entry: AuditEntry;
  columns: ReturnType<typeof columnsIn>;
  onFilterLead: (leadId: string) => void;
};

function AuditRow({ entry, columns, onFilterLead }: AuditRowProps) {
  const hasDetails = entry.before !== null || entry.after !== null;
  return (
    <Table.Tr>
      <Table.Td data-label={columns.time}>
        <Text size="sm" className={classes.noWrap}>
          <time dateTime={entry.occurredAt}>{formatDateTime(entry.occurredAt)}</time>
        </Text>
      </Table.Td>
      <Table.Td data-label={columns.who}>
        <Actor actor={entry.actor} />
      </Table.Td>
      <Table.Td data-label={columns.what}>
        <Text size="sm">{auditActionLabels[entry.action] ?? entry.action}</Text>
      </Table.Td>
      <Table.Td data-label={columns.lead} data-empty={entry.lead ? undefined : true}>
        {entry.lead ? (
          <Group gap={2} wrap="nowrap">
            <Anchor
              component={Link}
              to={paths.leadEscalation.getHref(entry.lead.propertyID, entry.lead.pmsLeadId)}
              size="sm"
              className={classes.breakAnywhere}
            >
              {entry.lead.name}
            </Anchor>
            <Tooltip label="Show only this lead's activity">
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={`Show only activity on ${entry.lead.name}`}
                onClick={() => onFilterLead(entry.lead!._id)}
              >
                <IconFilter size={14} stroke={1.75} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td data-label={columns.details} data-empty={hasDetails ? undefined : true}>
        <Details entry={entry} />
      </Table.Td>
      <Table.Td data-label={columns.ip}>
        <Text size="xs" c="dimmed" ff="monospace" className={classes.ip}>
          {entry.ip ?? '—'}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

export type AuditTableProps = {
  entries: AuditEntry[] | undefined;
  isPending: boolean;
  error: Error | null;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  onRetry: () => void;
  onLoadMore: () => void;
  onFilterLead: (leadId: string) => void;
};

/** The trail, newest first, a keyset page at a time; each row a card on a phone. */
export function AuditTable({
  entries,
  isPending,
  error,
  hasNextPage,
  isFetchingNextPage,
  isFetchNextPageError,
  onRetry,
  onLoadMore,
  onFilterLead,
}: AuditTableProps) {
  if (isPending) {
    return (
      <Paper withBorder radius="md">
        <div role="status" aria-label="Loading the audit trail">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={20} m="md" width={`${80 - row * 15}%`} />
          ))}
        </div>
      </Paper>
    );
  }
  // A failed 'Load more' keeps the pages already shown; only a failed first page has none.
  if (!entries) {
    return (
      <Paper withBorder radius="md">
        <ErrorState
          title="Could not load the audit trail"
          message={error?.message}
          onRetry={onRetry}
        />
      </Paper>
    );
  }
  if (entries.length === 0) {
    return (
      <Paper withBorder radius="md">
        <EmptyState
          icon={<IconHistory size={22} stroke={1.5} />}
          title="No activity matches these filters"
          description="Try another person, action or a wider range of days."
        />
      </Paper>
    );
  }

  const columns = columnsIn(viewerZone());
  return (
    <Stack gap="sm">
      <StackedTable label="Audit trail" columns={Object.values(columns)}>
        {entries.map((entry) => (
          <AuditRow key={entry._id} entry={entry} columns={columns} onFilterLead={onFilterLead} />
        ))}
      </StackedTable>
      {isFetchNextPageError && (
        <ErrorState
          title="Could not load more entries"
          message={error?.message}
          onRetry={onLoadMore}
        />
      )}
      <Group justify="center">
        {hasNextPage ? (
          <Button variant="default" onClick={onLoadMore} loading={isFetchingNextPage}>
            Load more
          </Button>
        ) : (
          <Text size="xs" c="dimmed">
            {entries.length === 1 ? 'The one entry' : `All ${entries.length} entries`} shown
          </Text>
        )}
      </Group>
    </Stack>
  );
}
