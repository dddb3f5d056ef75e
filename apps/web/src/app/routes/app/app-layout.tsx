import { AppShell, Container, Group } from '@mantine/core';
import { Link, Outlet, useNavigate } from 'react-router';
import { Brand } from '../../../components/ui/brand';
import { paths } from '../../../config/paths';
import { UserMenu } from '../../../features/auth/components/user-menu';

/** The frame of every signed-in page: product name and the user's menu above the content. */
export function AppLayoutRoute() {
  const navigate = useNavigate();

  function handleSignedOut() {
    void navigate(paths.login.getHref(), { replace: true });
  }

  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Link
            to={paths.dashboard.getHref()}
            style={{ color: 'inherit', textDecoration: 'none' }}
            aria-label="Dashboard"
          >
            <Brand size="sm" />
          </Link>
          <UserMenu onSignedOut={handleSignedOut} />
        </Group>
      </AppShell.Header>
      <AppShell.Main bg="gray.0">
        <Container size="xl" py="lg" px="md">
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
