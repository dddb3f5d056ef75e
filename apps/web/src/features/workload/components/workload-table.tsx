import type { Workload, WorkloadCounts } from '@leasing/contract';
import { staffRoleLabels } from '@leasing/contract';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { formatWaiting } from '../../../components/ui/lead-lights';
import { StackedTable } from '../../../components/ui/stacked-table';
import { holderKey, holderName, type Holder } from '../utils/holder';
import classes from './workload-table.module.css';

const COLUMNS = {
  person: 'Person',
  open: 'Open leads',
  needsReply: 'Needs reply',
  waiting: 'Waiting longest',
  followUps: 'Follow-ups due',
  decisions: 'Decisions open',
} as const;

export type WorkloadTableProps = {
  workload: Workload;
  /** The holder whose leads are open below the table, if any. */
  selected: Holder | null;
  onSelect: (holder: Holder) => void;
  now: Date;
};

type Row = { holder: Holder; counts: WorkloadCounts; role?: string; deactivated?: boolean };

/**
 * Each person's open leads, those waiting for a reply, the longest wait, the follow-ups due and
 * the open decisions; then what nobody and the assistant hold. A person's name opens their leads
 * below, to hand some on.
 */
export function WorkloadTable({ workload, selected, onSelect, now }: WorkloadTableProps) {
  const rows: Row[] = [
    ...workload.members.map((member) => ({
      holder: { kind: 'user', userId: member._id, name: member.name } as const,
      counts: member,
      role: staffRoleLabels[member.role],
      deactivated: member.deactivated,
    })),
    { holder: { kind: 'unassigned' }, counts: workload.unassigned },
    { holder: { kind: 'assistant' }, counts: workload.assistant },
  ];
  const selectedKey = selected ? holderKey(selected) : null;

  return (
    <div className={classes.compact}>
      <StackedTable label="Team workload" columns={Object.values(COLUMNS)}>
        {rows.map(({ holder, counts, role, deactivated }) => {
          const key = holderKey(holder);
          const isSelected = key === selectedKey;
          const name = holderName(holder);
          return (
            <Table.Tr key={key} bg={isSelected ? 'indigo.0' : undefined} data-holder={key}>
              <Table.Td data-label={COLUMNS.person}>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    px={4}
                    aria-pressed={isSelected}
                    aria-label={`${name}: show open leads`}
                    rightSection={<IconChevronRight size={14} aria-hidden />}
                    onClick={() => onSelect(holder)}
                  >
                    {name}
                  </Button>
                  {role && (
                    <Text size="xs" c="dimmed">
                      {role}
                    </Text>
                  )}
                  {deactivated && (
                    <Badge size="xs" color="gray" variant="light">
                      Deactivated
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td data-label={COLUMNS.open}>{counts.openLeads}</Table.Td>
              <Table.Td data-label={COLUMNS.needsReply}>
                <Count value={counts.needsReply} color="yellow" />
              </Table.Td>
              <Table.Td data-label={COLUMNS.waiting}>
                {counts.oldestWaitingSince ? formatWaiting(counts.oldestWaitingSince, now) : '—'}
              </Table.Td>
              <Table.Td data-label={COLUMNS.followUps}>
                <Count value={counts.followUpsDue} color="red" />
              </Table.Td>
              <Table.Td data-label={COLUMNS.decisions}>{counts.openDecisions}</Table.Td>
            </Table.Tr>
          );
        })}
      </StackedTable>
    </div>
  );
}

/** A figure that asks for action stands out as a badge; nothing to do is a plain 0. */
function Count({ value, color }: { value: number; color: string }) {
  return value > 0 ? (
    <Badge color={color} variant="light" size="md">
      {value}
    </Badge>
  ) : (
    0
  );
}
