import type { AssignmentRule } from '@leasing/contract';
import { MultiSelect, Paper, Switch, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { listState } from '../../../components/ui/list-state';
import stacked from '../../../components/ui/stacked-table.module.css';
import { ApiRequestError } from '../../../lib/api-client';
import { useAssignmentRules } from '../api/get-assignment-rules';
import { useStaff } from '../api/get-staff';
import { useUpdateAssignmentRule } from '../api/update-assignment-rule';

const NEEDS_PEOPLE = 'Choose at least one person first';

function RuleRow({
  rule,
  staffOptions,
}: {
  rule: AssignmentRule;
  staffOptions: { value: string; label: string }[];
}) {
  const update = useUpdateAssignmentRule();

  function save(change: Partial<Pick<AssignmentRule, 'roundRobin' | 'agentIds'>>) {
    const next = { roundRobin: rule.roundRobin, agentIds: rule.agentIds, ...change };
    // Without anyone to rotate between, the round robin turns itself off.
    if (next.agentIds.length === 0) next.roundRobin = false;
    update.mutate(
      { propertyId: rule.propertyId, ...next },
      {
        onSuccess: () =>
          notifications.show({ color: 'teal', message: `Saved for ${rule.propertyName}` }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            message:
              error instanceof ApiRequestError && error.status < 500
                ? error.message
                : 'Could not save the rule. Please try again',
          }),
      },
    );
  }

  const noPeople = rule.agentIds.length === 0;
  return (
    <Table.Tr>
      <Table.Td data-label="Property">
        <Text fw={500} size="sm">
          {rule.propertyName}
        </Text>
      </Table.Td>
      <Table.Td data-label="Round robin">
        <Switch
          checked={rule.roundRobin}
          disabled={update.isPending || (noPeople && !rule.roundRobin)}
          title={noPeople && !rule.roundRobin ? NEEDS_PEOPLE : undefined}
          aria-label={`Round robin for ${rule.propertyName}`}
          label={rule.roundRobin ? 'On' : 'Off'}
          onChange={(event) => save({ roundRobin: event.currentTarget.checked })}
        />
      </Table.Td>
      <Table.Td data-label="People">
        <MultiSelect
          data={staffOptions}
          value={rule.agentIds}
          onChange={(agentIds) => save({ agentIds })}
          placeholder={noPeople ? 'Choose people' : undefined}
          aria-label={`People for ${rule.propertyName}`}
          disabled={update.isPending}
          searchable
          clearable
          maw={420}
        />
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Leasing team → Assignment: per property, whether new leads go round robin to the chosen people who
 * are signed in (else they stay Unassigned).
 */
export function AssignmentRules() {
  const rulesQuery = useAssignmentRules();
  const staffQuery = useStaff();
  if (!rulesQuery.isSuccess || rulesQuery.data.length === 0) {
    return listState(rulesQuery, {
      loadingLabel: 'Loading properties',
      errorTitle: 'Could not load the properties',
      empty: {
        icon: <IconBuildingCommunity size={22} stroke={1.5} />,
        title: 'No properties yet',
        description: 'Properties arrive from your property-management system.',
      },
    });
  }
  const staffOptions = (staffQuery.data ?? []).map((member) => ({
    value: member._id,
    label: member.name,
  }));
  return (
    <Paper withBorder radius="md">
      <Table className={stacked.table} verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Property</Table.Th>
            <Table.Th>Round robin</Table.Th>
            <Table.Th>People</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rulesQuery.data.map((rule) => (
            <RuleRow key={rule.propertyId} rule={rule} staffOptions={staffOptions} />
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
