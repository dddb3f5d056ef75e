import {
  Avatar,
  Box,
  Group,
  Menu,
  Skeleton,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconChartBar,
  IconChevronDown,
  IconArrowsShuffle,
  IconCalendarCog,
  IconCalendarTime,
  IconClock,
  IconDeviceMobile,
  IconMoon,
  IconHistory,
  IconInbox,
  IconKey,
  IconLogout,
  IconMailQuestion,
  IconPhone,
  IconPhoneCall,
  IconTemplate,
  IconProgress,
  IconTags,
  IconUsers,
  IconUsersGroup,
  IconWebhook,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useUser } from '../api/get-user';
import { useLogout } from '../api/logout';
import { initials } from '../../../lib/initials';
import { canLeadTeam, canManageSettings } from '../utils/authorization';
import { MyPhoneDialog } from './my-phone-dialog';

export type UserMenuProps = {
  onSignedOut: () => void;
};

/** The name and company's width, loaded or not (a longer name ends in '…'). */
const NAME_WIDTH = 150;

export function UserMenu({ onSignedOut }: UserMenuProps) {
  const userQuery = useUser();
  const logoutMutation = useLogout({ onSettled: onSignedOut });
  const [isMyPhoneOpen, myPhone] = useDisclosure(false);

  function handleSignOut() {
    logoutMutation.mutate();
  }

  if (userQuery.isPending) {
    // The button's own footprint, so nothing in the header moves when the user loads.
    return (
      <Group gap="sm" wrap="nowrap" px={{ base: 4, sm: 'xs' }} py={4} aria-hidden>
        <Skeleton circle height={32} />
        <Box visibleFrom="sm" w={NAME_WIDTH}>
          <Skeleton height={12} width="80%" mb={6} />
          <Skeleton height={10} width="60%" />
        </Box>
        <Box w={16} />
      </Group>
    );
  }

  const user = userQuery.data;
  return (
    <>
      <Menu position="bottom-end" width={220} withinPortal>
        <Menu.Target>
          {/* Named by what it shows (who is signed in) and what it opens. */}
          {/* Thinner on a phone: the header's row then fits, and the chevron keeps off the edge. */}
          <UnstyledButton px={{ base: 4, sm: 'xs' }} py={4} style={{ borderRadius: 8 }}>
            <Group gap="sm" wrap="nowrap">
              <Avatar src={user?.picture ?? null} alt="" radius="xl" size={32} color="indigo">
                {user ? initials(user.name) : null}
              </Avatar>
              <Box visibleFrom="sm" w={NAME_WIDTH} style={{ lineHeight: 1.2 }}>
                <Text size="sm" fw={600} lineClamp={1}>
                  {user?.name ?? 'Signed in'}
                </Text>
                {user && (
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {user.companyName}
                  </Text>
                )}
              </Box>
              <VisuallyHidden>Account menu</VisuallyHidden>
              <IconChevronDown size={16} stroke={1.5} aria-hidden />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          {user && <Menu.Label>{user.email}</Menu.Label>}
          <Menu.Item
            component={Link}
            to={paths.unmatched.getHref()}
            leftSection={<IconMailQuestion size={16} stroke={1.5} />}
          >
            Unmatched messages
          </Menu.Item>
          <Menu.Item
            component={Link}
            to={paths.templates.getHref()}
            leftSection={<IconTemplate size={16} stroke={1.5} />}
          >
            Templates
          </Menu.Item>
          {/* Also in the header, except on a phone, whose header has no room for it. */}
          <Menu.Item
            component={Link}
            to={paths.reports.getHref()}
            leftSection={<IconChartBar size={16} stroke={1.5} />}
          >
            Reports
          </Menu.Item>
          {canLeadTeam(user?.role) && (
            <>
              <Menu.Divider />
              <Menu.Label>Leasing team</Menu.Label>
              <Menu.Item
                component={Link}
                to={paths.workload.getHref()}
                leftSection={<IconUsersGroup size={16} stroke={1.5} />}
              >
                Workload
              </Menu.Item>
              <Menu.Item
                component={Link}
                to={paths.assignment.getHref()}
                leftSection={<IconArrowsShuffle size={16} stroke={1.5} />}
              >
                Assignment
              </Menu.Item>
              <Menu.Item
                component={Link}
                to={paths.pipeline.getHref()}
                leftSection={<IconProgress size={16} stroke={1.5} />}
              >
                Pipeline
              </Menu.Item>
            </>
          )}
          {canLeadTeam(user?.role) && (
            <>
              <Menu.Divider />
              <Menu.Label>Settings</Menu.Label>
            </>
          )}
          {canManageSettings(user?.role) && (
            <>
              {/* The sandbox's outbox and 'Simulate reply': a tool for admins, not agents. */}
              <Menu.Item
                component={Link}
                to={paths.outbox.getHref()}
                leftSection={<IconInbox size={16} stroke={1.5} />}
              >
                Outbox
              </Menu.Item>
              <Menu.Item
                component={Link}
                to={paths.apiKeys.getHref()}
                leftSection={<IconKey size={16} stroke={1.5} />}
              >
                API keys
              </Menu.Item>
              <Menu.Item
                component={Link}
                to={paths.team.getHref()}
                leftSection={<IconUsers size={16} stroke={1.5} />}
              >
                Team
              </Menu.Item>
              <Menu.Item
                component={Link}
                to={paths.numbers.getHref()}
                leftSection={<IconPhone size={16} stroke={1.5} />}
              >
                Numbers
              </Menu.Item>
              <Menu.Item
                component={Link}
                to={paths.sources.getHref()}
                leftSection={<IconTags size={16} stroke={1.5} />}
              >
                Sources
              </Menu.Item>
              <Menu.Item
                component={Link}
                to={paths.webhooks.getHref()}
                leftSection={<IconWebhook size={16} stroke={1.5} />}
              >
                Webhooks
              </Menu.Item>
              <Menu.Item
                component={Link}
                to={paths.officeHours.getHref()}
                leftSection={<IconClock size={16} stroke={1.5} />}
              >
                Office hours
              </Menu.Item>
              <Menu.Item
                component={Link}
                to={paths.quietHours.getHref()}
                leftSection={<IconMoon size={16} stroke={1.5} />}
              >
                Quiet hours
              </Menu.Item>
              <Menu.Item
                component={Link}
                to={paths.tourSettings.getHref()}
                leftSection={<IconCalendarCog size={16} stroke={1.5} />}
              >
                Tour settings
              </Menu.Item>
            </>
          )}
          {/* Beside the tour settings, and a manager's too: managers may change it (its PUT says so). */}
          {canLeadTeam(user?.role) && (
            <Menu.Item
              component={Link}
              to={paths.tourAvailability.getHref()}
              leftSection={<IconCalendarTime size={16} stroke={1.5} />}
            >
              Tour availability
            </Menu.Item>
          )}
          {/* A manager's too, to read: only admins change them (the page says so). */}
          {canLeadTeam(user?.role) && (
            <Menu.Item
              component={Link}
              to={paths.calls.getHref()}
              leftSection={<IconPhoneCall size={16} stroke={1.5} />}
            >
              Calls
            </Menu.Item>
          )}
          {canManageSettings(user?.role) && (
            <Menu.Item
              component={Link}
              to={paths.audit.getHref()}
              leftSection={<IconHistory size={16} stroke={1.5} />}
            >
              Audit
            </Menu.Item>
          )}
          <Menu.Divider />
          {/* Everyone's own: the phone click-to-call rings first. */}
          <Menu.Item
            leftSection={<IconDeviceMobile size={16} stroke={1.5} />}
            onClick={myPhone.open}
          >
            My phone number
          </Menu.Item>
          <Menu.Item
            leftSection={<IconLogout size={16} stroke={1.5} />}
            onClick={handleSignOut}
            disabled={logoutMutation.isPending}
          >
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <MyPhoneDialog opened={isMyPhoneOpen} onClose={myPhone.close} />
    </>
  );
}
