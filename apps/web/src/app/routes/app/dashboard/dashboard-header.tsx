import { Button, Group, Text, Title } from '@mantine/core';
import { IconInbox, IconMailQuestion } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { useUser } from '../../../../features/auth/api/get-user';
import { canManageSettings } from '../../../../features/auth/utils/authorization';

type HeaderLinkProps = { to: string; icon: ReactNode; label: string; visibleFrom?: 'sm' };

function HeaderLink({ to, icon, label, visibleFrom }: HeaderLinkProps) {
  return (
    <Button
      component={Link}
      to={to}
      variant="default"
      size="sm"
      leftSection={icon}
      visibleFrom={visibleFrom}
    >
      {label}
    </Button>
  );
}

/** The dashboard's title, and the ways to the messages no lead holds yet (the outbox: admins). */
export function DashboardHeader() {
  const user = useUser();
  return (
    // As tall as its buttons from the start: the Outbox button of an admin, shown once the user
    // is loaded, does not push the inbox down.
    <Group justify="space-between" align="flex-end" gap="sm" mih={36}>
      <div>
        <Title order={1} size="h3">
          Leads
        </Title>
        <Text c="dimmed" size="sm" visibleFrom="sm">
          Work the queue: open decisions first, then the newest conversations.
        </Text>
      </div>
      <Group gap="sm">
        {/* A phone reaches unmatched messages from the header's envelope. */}
        <HeaderLink
          to={paths.unmatched.getHref()}
          icon={<IconMailQuestion size={16} stroke={1.75} />}
          label="Unmatched messages"
          visibleFrom="sm"
        />
        {canManageSettings(user.data?.role) && (
          <HeaderLink
            to={paths.outbox.getHref()}
            icon={<IconInbox size={16} stroke={1.75} />}
            label="Outbox"
          />
        )}
      </Group>
    </Group>
  );
}
