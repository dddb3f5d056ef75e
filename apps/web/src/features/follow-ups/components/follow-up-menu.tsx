import { ActionIcon, Button, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlarm } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useSetFollowUp } from '../api/set-follow-up';
import { parseLocalDateTime } from '../../../lib/zoned-time';
import { followUpPresets } from '../utils/follow-up-times';

export type FollowUpMenuProps = {
  leadId: string;
  leadName: string;
  followUpAt: string | null;
  /** The property's zone: 'Tomorrow 9:00 AM' and a picked time are read in it. */
  timeZone: string;
  /** An icon button (an inbox row) instead of the labelled one (the pane). */
  compact?: boolean;
  /** The menu's open state, when the caller controls it (the pane's `f` shortcut opens it). */
  opened?: boolean;
  onOpenedChange?: (opened: boolean) => void;
  now?: () => Date;
};

/**
 * The quick choices, worked out when the menu opens: the dropdown renders nothing while closed, and
 * an inbox of fifty rows each with its menu should not compute fifty sets of times it never shows.
 */
function PresetItems({
  now,
  timeZone,
  onPick,
}: {
  now: () => Date;
  timeZone: string;
  onPick: (dueAt: Date) => void;
}) {
  return followUpPresets(now(), timeZone).map((preset) => (
    <Menu.Item key={preset.label} onClick={() => onPick(preset.dueAt)}>
      {preset.label}
    </Menu.Item>
  ));
}

/** 'Follow up' → in 2 hours, tomorrow 9:00 AM, in 3 days, a picked time; 'Clear follow-up' when set. */
export function FollowUpMenu({
  leadId,
  leadName,
  followUpAt,
  timeZone,
  compact = false,
  opened,
  onOpenedChange,
  now = () => new Date(),
}: FollowUpMenuProps) {
  const mutation = useSetFollowUp();
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState('');
  const [error, setError] = useState<string | null>(null);

  const save = (dueAt: Date | null) => mutation.mutate({ leadId, dueAt });
  const handlePick = (event: FormEvent) => {
    event.preventDefault();
    const dueAt = parseLocalDateTime(picked, timeZone);
    if (!dueAt) return setError('Pick a date and a time');
    if (dueAt <= now()) return setError('Pick a time in the future');
    mutation.mutate(
      { leadId, dueAt },
      {
        onSuccess: () => setPicking(false),
        onError: () => setError('Could not set the follow-up. Try again.'),
      },
    );
  };

  return (
    <>
      <Menu
        position="bottom-end"
        withinPortal
        opened={opened}
        onChange={onOpenedChange}
        // A row's menu hides when its row scrolls out of the list; the pane's header never scrolls away.
        hideDetached={compact}
      >
        <Menu.Target>
          {compact ? (
            <ActionIcon
              variant="default"
              size="md"
              aria-label={`Follow up with ${leadName}`}
              title="Follow up"
              loading={mutation.isPending}
            >
              <IconAlarm size={16} stroke={1.75} />
            </ActionIcon>
          ) : (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconAlarm size={14} />}
              aria-label={`Follow up with ${leadName}`}
              loading={mutation.isPending}
            >
              Follow up
            </Button>
          )}
        </Menu.Target>
        <Menu.Dropdown>
          <PresetItems now={now} timeZone={timeZone} onPick={save} />
          <Menu.Item
            onClick={() => {
              setError(null);
              setPicked('');
              setPicking(true);
            }}
          >
            Pick a date and time…
          </Menu.Item>
          {followUpAt && (
            <>
              <Menu.Divider />
              <Menu.Item color="red" onClick={() => save(null)}>
                Clear follow-up
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      {mutation.isError && !picking && (
        <Text size="xs" c="red" role="alert">
          Could not save the follow-up.
        </Text>
      )}
      <Modal
        opened={picking}
        onClose={() => setPicking(false)}
        title={`Follow up with ${leadName}`}
      >
        <form onSubmit={handlePick}>
          <Stack gap="sm">
            <TextInput
              type="datetime-local"
              label="Date and time"
              description={`In the property's time zone (${timeZone.replace(/_/g, ' ')})`}
              value={picked}
              onChange={(event) => setPicked(event.currentTarget.value)}
              error={error}
              required
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPicking(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={mutation.isPending}>
                Set follow-up
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
