import type { StaffRole, TeamMember } from '@leasing/contract';
import { staffRoleLabels, staffRoles } from '@leasing/contract';
import { Badge, Button, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUsers } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { listState } from '../../../components/ui/list-state';
import { RowActions } from '../../../components/ui/row-actions';
import { StackedTable } from '../../../components/ui/stacked-table';
import { formatDate } from '../../../lib/format-date';
import { useChangeMember } from '../api/change-member';
import { useTeam } from '../api/get-team';
import { blockedReason } from './member-rules';

const COLUMNS = {
  person: 'Person',
  role: 'Role',
  status: 'Status',
  lastSignIn: 'Last sign-in',
} as const;

const ROLE_OPTIONS = staffRoles.map((role) => ({ value: role, label: staffRoleLabels[role] }));

const STATUS_BADGES: Record<TeamMember['status'], { color: string; label: string }> = {
  active: { color: 'teal', label: 'Active' },
  invited: { color: 'blue', label: 'Invited' },
  deactivated: { color: 'gray', label: 'Deactivated' },
};

/**
 * Joins an input to the text that describes it. Mantine's Select writes its own aria-describedby
 * (its description and error, here none) over the one it is given, so a closed role select would
 * not say why; React never sets the attribute itself, so it is not undone on render.
 */
function useDescribedBy(describedBy: string | undefined) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const input = ref.current;
    if (!input) return;
    if (describedBy) input.setAttribute('aria-describedby', describedBy);
    else input.removeAttribute('aria-describedby');
  }, [describedBy]);
  return ref;
}

type MemberRowProps = {
  member: TeamMember;
  reason: string | null;
  onRole: (member: TeamMember, role: StaffRole) => void;
  onAccess: (member: TeamMember) => void;
  pending: boolean;
};

function MemberRow({ member, reason, onRole, onAccess, pending }: MemberRowProps) {
  const reasonId = useId();
  const badge = STATUS_BADGES[member.status];
  const blocked = reason !== null;
  const describedBy = blocked ? reasonId : undefined;
  const roleRef = useDescribedBy(describedBy);
  return (
    <Table.Tr>
      <Table.Td data-label={COLUMNS.person}>
        <Text size="sm" fw={600}>
          {member.name}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {member.email}
        </Text>
      </Table.Td>
      <Table.Td data-label={COLUMNS.role}>
        <Select
          ref={roleRef}
          aria-label={`Role of ${member.name}`}
          data={ROLE_OPTIONS}
          value={member.role}
          allowDeselect={false}
          disabled={blocked || member.status !== 'active' || pending}
          onChange={(value) => value && value !== member.role && onRole(member, value as StaffRole)}
          w={140}
          size="xs"
        />
      </Table.Td>
      <Table.Td data-label={COLUMNS.status}>
        <Badge color={badge.color} variant="light">
          {badge.label}
        </Badge>
        {member.invitationExpiresAt && (
          <Text size="xs" c="dimmed" mt={4}>
            Expires {formatDate(member.invitationExpiresAt)}
          </Text>
        )}
      </Table.Td>
      <Table.Td data-label={COLUMNS.lastSignIn}>
        <Text size="sm" c={member.lastSignInAt ? undefined : 'dimmed'}>
          {member.lastSignInAt ? formatDate(member.lastSignInAt) : 'Never'}
        </Text>
      </Table.Td>
      <RowActions blockedReason={reason} blockedReasonId={reasonId}>
        {member.status === 'invited' ? (
          <Button
            size="xs"
            variant="default"
            color="red"
            disabled={pending}
            aria-label={`Revoke the invitation for ${member.name}`}
            onClick={() => onAccess(member)}
          >
            Revoke
          </Button>
        ) : (
          <Button
            size="xs"
            variant="default"
            color={member.status === 'active' ? 'red' : undefined}
            disabled={blocked || pending}
            aria-describedby={describedBy}
            onClick={() => onAccess(member)}
          >
            {member.status === 'active' ? 'Deactivate' : 'Reactivate'}
          </Button>
        )}
      </RowActions>
    </Table.Tr>
  );
}

type ConfirmAccessProps = {
  member: TeamMember | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** What confirming does to a row of each status. */
const ACCESS_CHANGES = {
  active: {
    kind: 'deactivate',
    title: (name: string) => `Deactivate ${name}?`,
    text: 'They are signed out everywhere within seconds and cannot sign in until an admin reactivates them. Their leads and messages stay; messages they scheduled and invitations they sent are cancelled.',
    action: 'Deactivate',
    done: (name: string) => `${name} was deactivated.`,
    color: 'red',
  },
  deactivated: {
    kind: 'reactivate',
    title: (name: string) => `Reactivate ${name}?`,
    text: 'They can sign in again with their password.',
    action: 'Reactivate',
    done: (name: string) => `${name} was reactivated.`,
    color: undefined,
  },
  invited: {
    kind: 'revoke',
    title: (name: string) => `Revoke the invitation for ${name}?`,
    text: 'Their invitation link stops working at once. You can invite them again later.',
    action: 'Revoke',
    done: (name: string) => `The invitation for ${name} was revoked.`,
    color: 'red',
  },
} as const;

function ConfirmAccessDialog({ member, pending, onConfirm, onClose }: ConfirmAccessProps) {
  const change = member ? ACCESS_CHANGES[member.status] : null;
  return (
    <Modal
      opened={member !== null}
      onClose={onClose}
      centered
      size="md"
      title={change && member ? change.title(member.name) : ''}
    >
      <Stack gap="md">
        <Text size="sm">{change?.text}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={change?.color} loading={pending} onClick={onConfirm}>
            {change?.action}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export type TeamTableProps = { selfId: string | undefined };

/** The company's people: role, status and access, with the reason where a control is closed. */
export function TeamTable({ selfId }: TeamTableProps) {
  const teamQuery = useTeam();
  const change = useChangeMember();
  const [confirming, setConfirming] = useState<TeamMember | null>(null);

  function handleError(error: Error) {
    notifications.show({ color: 'red', message: error.message });
  }

  function handleRole(member: TeamMember, role: StaffRole) {
    change.mutate(
      { userId: member._id, kind: 'role', role },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            message: `${member.name} is now ${staffRoleLabels[role].toLowerCase()}.`,
          }),
        onError: handleError,
      },
    );
  }

  function handleConfirmAccess() {
    if (!confirming) return;
    const member = confirming;
    const { kind, done } = ACCESS_CHANGES[member.status];
    change.mutate(
      { userId: member._id, kind },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: done(member.name) });
          setConfirming(null);
        },
        onError: (error) => {
          setConfirming(null);
          handleError(error);
        },
      },
    );
  }

  if (!teamQuery.isSuccess || teamQuery.data.length === 0) {
    return listState(teamQuery, {
      loadingLabel: 'Loading the team',
      errorTitle: 'Could not load the team',
      empty: {
        icon: <IconUsers size={22} stroke={1.5} />,
        title: 'Nobody here yet',
        description: 'Invite a teammate to share the work.',
      },
    });
  }
  const team = teamQuery.data;
  return (
    <>
      <StackedTable label="Team" columns={Object.values(COLUMNS)} withActions actionsLabel="Access">
        {team.map((member) => (
          <MemberRow
            key={member._id}
            member={member}
            reason={blockedReason(member, team, selfId)}
            onRole={handleRole}
            onAccess={setConfirming}
            pending={change.isPending}
          />
        ))}
      </StackedTable>
      <ConfirmAccessDialog
        member={confirming}
        pending={change.isPending}
        onConfirm={handleConfirmAccess}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}
