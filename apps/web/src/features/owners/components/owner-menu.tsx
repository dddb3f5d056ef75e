import type { LeadOwner, OwnerChoice, User } from '@leasing/contract';
import { ASSISTANT_OWNER_LABEL, UNASSIGNED_OWNER_LABEL } from '@leasing/contract';
import { Menu } from '@mantine/core';
import { IconRobot, IconUser, IconUserOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useStaff } from '../api/get-staff';
import { canChoose } from '../utils/owner-label';

export type OwnerMenuProps = {
  /** The button that opens the menu. */
  target: ReactNode;
  /** The lead's owner now (null for several leads at once). */
  owner: LeadOwner | null;
  me: Pick<User, '_id' | 'role'> | undefined;
  onChoose: (choice: OwnerChoice, name: string) => void;
};

const ICON = { size: 16, stroke: 1.75 } as const;

/**
 * Whom to give the lead: a person of the team, the assistant, or nobody. What the signed-in
 * person may not choose is disabled and says why.
 */
export function OwnerMenu({ target, owner, me, onChoose }: OwnerMenuProps) {
  const staffQuery = useStaff();
  const current = owner ?? { kind: 'unassigned' as const };
  const isCurrent = (choice: OwnerChoice) =>
    owner !== null &&
    owner.kind === choice.kind &&
    (choice.kind !== 'user' || (owner.kind === 'user' && owner.userId === choice.userId));

  function item(choice: OwnerChoice, label: string, icon: ReactNode) {
    const allowed = canChoose(current, choice, me);
    return (
      <Menu.Item
        key={choice.kind === 'user' ? choice.userId : choice.kind}
        leftSection={icon}
        disabled={!allowed || isCurrent(choice)}
        title={
          isCurrent(choice)
            ? 'Already the owner'
            : allowed
              ? undefined
              : 'Agents can take a lead only for themselves'
        }
        onClick={() => onChoose(choice, label)}
      >
        {label}
      </Menu.Item>
    );
  }

  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={240}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }}>
        <Menu.Label>Owner</Menu.Label>
        {item({ kind: 'assistant' }, ASSISTANT_OWNER_LABEL, <IconRobot {...ICON} />)}
        {item({ kind: 'unassigned' }, UNASSIGNED_OWNER_LABEL, <IconUserOff {...ICON} />)}
        <Menu.Divider />
        <Menu.Label>Team</Menu.Label>
        {staffQuery.isPending && <Menu.Item disabled>Loading the team…</Menu.Item>}
        {staffQuery.isError && <Menu.Item disabled>Could not load the team</Menu.Item>}
        {staffQuery.data?.map((member) =>
          item(
            { kind: 'user', userId: member._id },
            member._id === me?._id ? `${member.name} (you)` : member.name,
            <IconUser {...ICON} />,
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
