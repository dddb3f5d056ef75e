import { ActionIcon, Button, Group, Menu, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconClockShare } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { SendTimeFields } from '../../../components/ui/send-time-fields';
import { describeSendTime } from '../../../lib/send-later-time';
import { parseLocalDateTime, toLocalDateTimeValue } from '../../../lib/zoned-time';
import { sendLaterChoices } from '../utils/send-later-choices';

export type SendLaterSchedule = { sendAt: string; keepIfLeadReplies: boolean };

export type SendLaterMenuProps = {
  /** The lead's zone: quick choices and picked times are on their clock. */
  leadZone: string;
  /** Why the draft cannot go yet (as for Send); null when it can. */
  blockedReason: string | null;
  isSending: boolean;
  onSchedule: (schedule: SendLaterSchedule) => void;
  now?: () => Date;
};

/**
 * 'Send later' beside Send: quick choices (tomorrow and Monday 9:00 AM for the lead, in 1 hour)
 * and 'Pick a date and time…', each saying the time for the lead and for the agent.
 */
export function SendLaterMenu({
  leadZone,
  blockedReason,
  isSending,
  onSchedule,
  now = () => new Date(),
}: SendLaterMenuProps) {
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState('');
  const [keep, setKeep] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isBlocked = blockedReason !== null || isSending;

  function handleOpenPicker() {
    setPicked(toLocalDateTimeValue(new Date(now().getTime() + 3_600_000), leadZone));
    setKeep(false);
    setError(null);
    setPicking(true);
  }

  function handlePick(event: FormEvent) {
    event.preventDefault();
    // The dialog is portaled, but React bubbles its submit to the composer's form: not a Send.
    event.stopPropagation();
    const sendAt = parseLocalDateTime(picked, leadZone);
    if (!sendAt) return setError('Pick a date and time');
    if (sendAt.getTime() <= now().getTime()) return setError('Pick a time in the future');
    setPicking(false);
    onSchedule({ sendAt: sendAt.toISOString(), keepIfLeadReplies: keep });
  }

  return (
    <>
      <Menu position="top-end" withinPortal disabled={isBlocked}>
        <Tooltip
          label={blockedReason ?? 'Send later'}
          withArrow
          events={{ hover: true, focus: true, touch: true }}
        >
          <Menu.Target>
            <ActionIcon
              type="button"
              size="lg"
              variant="light"
              aria-label="Send later"
              aria-disabled={isBlocked || undefined}
              data-disabled={isBlocked || undefined}
              aria-description={blockedReason ?? undefined}
            >
              <IconClockShare size={18} stroke={1.75} />
            </ActionIcon>
          </Menu.Target>
        </Tooltip>
        <Menu.Dropdown maw={340}>
          <Menu.Label>Send later</Menu.Label>
          {sendLaterChoices(now(), leadZone).map((choice) => (
            <Menu.Item
              key={choice.label}
              onClick={() =>
                onSchedule({ sendAt: choice.sendAt.toISOString(), keepIfLeadReplies: false })
              }
            >
              <Text size="sm">{choice.label}</Text>
              <Text size="xs" c="dimmed">
                {describeSendTime(choice.sendAt, leadZone)}
              </Text>
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item onClick={handleOpenPicker}>Pick a date and time…</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={picking} onClose={() => setPicking(false)} title="Send later">
        <form onSubmit={handlePick}>
          <Stack gap="sm">
            <SendTimeFields
              leadZone={leadZone}
              value={picked}
              onChange={setPicked}
              error={error}
              keepIfLeadReplies={keep}
              onKeepIfLeadRepliesChange={setKeep}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPicking(false)}>
                Cancel
              </Button>
              <Button type="submit">Schedule</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
