import type { Lead, OwnerChoice, User } from '@leasing/contract';
import { ActionIcon, Avatar, Button, Group, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconChevronDown, IconRobot, IconUserOff } from '@tabler/icons-react';
import { useAssignLead } from '../api/assign-lead';
import { initials } from '../../../lib/initials';
import { ownerStateLine, reassignBlockedReason } from '../utils/owner-label';
import { OwnerMenu } from './owner-menu';

export type OwnerControlProps = {
  lead: Pick<Lead, '_id' | 'propertyID' | 'pmsLeadId' | 'owner'>;
  me: Pick<User, '_id' | 'name' | 'role'> | undefined;
};

/**
 * Who works the lead, in one line, with what the signed-in person can do about it: 'Assign to
 * me', 'Hand back to assistant', or another owner from the menu.
 */
export function OwnerControl({ lead, me }: OwnerControlProps) {
  const assign = useAssignLead(lead);
  const { owner } = lead;
  const ownsIt = owner.kind === 'user' && owner.userId === me?._id;
  const blocked = reassignBlockedReason(owner, me);
  const choose = (choice: OwnerChoice, name: string) => assign.mutate({ owner: choice, name });

  const avatar =
    owner.kind === 'user' ? (
      <Avatar size={24} radius="xl" color="indigo" aria-hidden>
        {initials(owner.name)}
      </Avatar>
    ) : (
      <ThemeIcon
        size={24}
        radius="xl"
        variant="light"
        color={owner.kind === 'assistant' ? 'violet' : 'gray'}
        aria-hidden
      >
        {owner.kind === 'assistant' ? <IconRobot size={15} /> : <IconUserOff size={15} />}
      </ThemeIcon>
    );

  return (
    <Group gap={6} wrap="wrap" align="center" role="group" aria-label="Owner">
      {avatar}
      <Text size="sm" data-testid="owner-state">
        {ownerStateLine(owner, me?._id)}
      </Text>
      {!ownsIt && me && (
        <Tooltip label={blocked ?? ''} disabled={!blocked} withArrow>
          <Button
            size="compact-sm"
            variant="light"
            disabled={Boolean(blocked) || assign.isPending}
            aria-describedby={blocked ? `owner-blocked-${lead._id}` : undefined}
            onClick={() => choose({ kind: 'user', userId: me._id }, me.name)}
          >
            Assign to me
          </Button>
        </Tooltip>
      )}
      {owner.kind === 'user' && (
        <Tooltip label={blocked ?? 'Hand back to assistant'} withArrow>
          <ActionIcon
            variant="default"
            size={26}
            disabled={Boolean(blocked) || assign.isPending}
            aria-label="Hand back to assistant"
            aria-describedby={blocked ? `owner-blocked-${lead._id}` : undefined}
            onClick={() => choose({ kind: 'assistant' }, 'Assistant')}
          >
            <IconRobot size={16} stroke={1.75} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      <OwnerMenu
        owner={owner}
        me={me}
        onChoose={choose}
        target={
          <Tooltip label="Change owner" withArrow>
            <ActionIcon
              variant="subtle"
              size={26}
              disabled={assign.isPending}
              aria-label="Change owner"
            >
              <IconChevronDown size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        }
      />
      {blocked && (
        <Text id={`owner-blocked-${lead._id}`} hidden>
          {blocked}
        </Text>
      )}
    </Group>
  );
}
