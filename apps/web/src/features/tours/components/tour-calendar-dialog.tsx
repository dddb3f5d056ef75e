import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendarShare } from '@tabler/icons-react';
import { useState } from 'react';
import { CopyField } from '../../../components/ui/copy-field';
import { formatDate } from '../../../lib/format-date';
import {
  useMyTourCalendar,
  useRenewMyTourCalendar,
  useTurnOffMyTourCalendar,
} from '../api/my-tour-calendar';

/**
 * 'Calendar link' on the tours screen: the signed-in person's tours (those they give and those of
 * their leads) as a calendar their own calendar app subscribes to. The link is secret and shown
 * once; 'Make a new link' replaces it, 'Turn off' stops it.
 */
export function TourCalendarButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconCalendarShare size={16} stroke={1.75} />}
        onClick={() => setOpened(true)}
      >
        Calendar link
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Your tours in your calendar"
        size="lg"
      >
        {opened && <TourCalendarPanel />}
      </Modal>
    </>
  );
}

function TourCalendarPanel() {
  const feed = useMyTourCalendar(true);
  const renew = useRenewMyTourCalendar();
  const turnOff = useTurnOffMyTourCalendar();
  const url = renew.data?.url ?? null;
  const busy = renew.isPending || turnOff.isPending;

  return (
    <Stack gap="md">
      <Text size="sm">
        Subscribe to the tours you give, and those of your leads, in Google Calendar (Other
        calendars → From URL), Outlook (Add calendar → Subscribe from web) or Apple Calendar (File →
        New Calendar Subscription). Calendars refresh it every few hours.
      </Text>
      {feed.isPending ? (
        <Skeleton height={60} role="status" aria-label="Loading your calendar link" />
      ) : feed.isError ? (
        <Alert color="red" title="Could not load your calendar link">
          Check your connection and try again.
        </Alert>
      ) : url ? (
        <Stack gap="xs">
          <CopyField label="Your calendar link" value={url} />
          <Text size="sm" c="dimmed">
            It is shown only now, and anyone with it sees your tours: keep it to yourself. A new
            link replaces it.
          </Text>
        </Stack>
      ) : feed.data.active ? (
        <Text size="sm">
          Your calendar link works since {formatDate(feed.data.createdAt!)}. It is shown only when
          it is made: make a new one to copy it again (the old one stops working).
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          You have no calendar link yet.
        </Text>
      )}
      {(renew.isError || turnOff.isError) && (
        <Text size="sm" c="red" role="alert">
          That did not work. Try again.
        </Text>
      )}
      {feed.data && (
        <Group gap="sm">
          <Button
            loading={renew.isPending}
            disabled={turnOff.isPending}
            onClick={() => renew.mutate()}
          >
            {feed.data.active || url ? 'Make a new link' : 'Make my calendar link'}
          </Button>
          {(feed.data.active || url) && (
            <Button
              variant="default"
              color="red"
              loading={turnOff.isPending}
              disabled={busy}
              onClick={() => {
                renew.reset();
                turnOff.mutate();
              }}
            >
              Turn off
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
