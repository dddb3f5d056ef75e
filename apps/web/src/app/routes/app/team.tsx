import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useUser } from '../../../features/auth/api/get-user';
import { InviteDialog } from '../../../features/team/components/invite-dialog';
import { TeamTable } from '../../../features/team/components/team-table';

/** Settings → Team: who works in the console, their roles, and who may still sign in. */
export function TeamRoute() {
  const [inviting, setInviting] = useState(false);
  const user = useUser();

  return (
    <Stack gap="lg" maw={1040}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <div>
          <Title order={1} size="h3">
            Team
          </Title>
          <Text c="dimmed" size="sm" maw={640}>
            Invite teammates, choose what they may do, and end someone&apos;s access at once.
          </Text>
        </div>
        <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
          Invite teammate
        </Button>
      </Group>
      <TeamTable selfId={user.data?._id} />
      <InviteDialog opened={inviting} onClose={() => setInviting(false)} />
    </Stack>
  );
}
