import { leadStatuses, leadStatusLabels } from '@leasing/contract';
import type { Lead, LeadStatus } from '@leasing/contract';
import { Button, Menu, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { leadStatusColors } from '../../../lib/lead-status';
import { useSetLeadStatus } from '../api/set-lead-status';
import classes from './lead-status-control.module.css';
import { MarkLostDialog } from './mark-lost-dialog';

export type LeadStatusControlProps = {
  lead: Pick<Lead, '_id' | 'propertyID' | 'pmsLeadId' | 'status' | 'lostReason'>;
};

/**
 * The lead's place in the pipeline, and a menu to move it anywhere. 'Lost' asks for a reason first
 * (the Mark lost dialog); every other status is set at once.
 */
export function LeadStatusControl({ lead }: LeadStatusControlProps) {
  const setStatus = useSetLeadStatus(lead);
  const [isLostDialogOpen, setIsLostDialogOpen] = useState(false);
  const label = leadStatusLabels[lead.status];

  function handleSelect(status: LeadStatus) {
    if (status === 'LOST') {
      setIsLostDialogOpen(true);
      return;
    }
    if (status === lead.status) return;
    setStatus.mutate(
      { status },
      {
        onError: (error) => notifications.show({ color: 'red', message: error.message }),
      },
    );
  }

  function handleCloseLostDialog() {
    setIsLostDialogOpen(false);
  }

  const button = (
    <Button
      className={classes.button}
      size="xs"
      variant="light"
      color={leadStatusColors[lead.status]}
      rightSection={<IconChevronDown size={14} stroke={2} />}
      loading={setStatus.isPending}
      aria-label={`Status: ${label}. Change status`}
    >
      {label}
    </Button>
  );

  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          {lead.status === 'LOST' && lead.lostReason ? (
            <Tooltip label={`Lost: ${lead.lostReason}`} withArrow>
              {button}
            </Tooltip>
          ) : (
            button
          )}
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Move to</Menu.Label>
          {leadStatuses.map((status) => (
            <Menu.Item
              key={status}
              onClick={() => handleSelect(status)}
              leftSection={
                status === lead.status ? (
                  <IconCheck size={14} stroke={2} aria-hidden />
                ) : (
                  <span style={{ width: 14, display: 'inline-block' }} aria-hidden />
                )
              }
              aria-current={status === lead.status || undefined}
              color={status === 'LOST' ? 'red' : undefined}
            >
              {status === 'LOST' ? 'Lost…' : leadStatusLabels[status]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <MarkLostDialog lead={lead} opened={isLostDialogOpen} onClose={handleCloseLostDialog} />
    </>
  );
}
