import type { OwnerChoice, User } from '@leasing/contract';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown } from '@tabler/icons-react';
import { ApiRequestError } from '../../../lib/api-client';
import { useBulkAssign } from '../api/bulk-assign';
import { OwnerMenu } from './owner-menu';

export type BulkAssignActionsProps = {
  leadIds: string[];
  me: Pick<User, '_id' | 'name' | 'role'> | undefined;
  /** Called once the leads have their owner (the selection ends). */
  onDone: () => void;
};

const noneSelected = 'Select leads first';

/** 'Assign to me' and 'Assign to…' for the inbox's selected rows, all or nothing. */
export function BulkAssignActions({ leadIds, me, onDone }: BulkAssignActionsProps) {
  const bulk = useBulkAssign();
  const isEmpty = leadIds.length === 0;

  function assign(owner: OwnerChoice, name: string) {
    bulk.mutate(
      { leadIds, owner },
      {
        onSuccess: ({ changed }) => {
          notifications.show({
            color: 'teal',
            message: `${changed} ${changed === 1 ? 'lead' : 'leads'} assigned to ${name}`,
          });
          onDone();
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            message:
              error instanceof ApiRequestError && error.status < 500
                ? error.message
                : 'Could not assign the leads. Please try again',
          }),
      },
    );
  }

  return (
    <>
      {me && (
        <Button
          size="compact-sm"
          variant="light"
          disabled={isEmpty || bulk.isPending}
          title={isEmpty ? noneSelected : undefined}
          onClick={() => assign({ kind: 'user', userId: me._id }, 'you')}
        >
          Assign to me
        </Button>
      )}
      <OwnerMenu
        owner={null}
        me={me && me.role !== 'agent' ? me : undefined}
        onChoose={assign}
        target={
          <Button
            size="compact-sm"
            variant="default"
            rightSection={<IconChevronDown size={14} />}
            disabled={isEmpty || bulk.isPending}
            title={isEmpty ? noneSelected : undefined}
          >
            Assign to…
          </Button>
        }
      />
    </>
  );
}
