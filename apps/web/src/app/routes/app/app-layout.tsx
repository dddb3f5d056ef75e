import { AppShell, Container, Group } from '@mantine/core';
import { Link, Outlet, useMatch, useNavigate } from 'react-router';
import { Brand } from '../../../components/ui/brand';
import { paths } from '../../../config/paths';
import { PRODUCT_NAME } from '../../../config/product';
import { UserMenu } from '../../../features/auth/components/user-menu';
import { MainNav } from '../../../features/inbox/components/main-nav';
import { ReconnectingIndicator } from '../../../features/live/components/reconnecting-indicator';
import { NotificationBell } from '../../../features/notifications/components/notification-bell';
import { ReportsNavLink } from '../../../features/reports/components/reports-nav-link';
import { ShortcutListener } from '../../../features/shortcuts/components/shortcut-listener';
import { UnmatchedNavLink } from '../../../features/unmatched/components/unmatched-nav-link';
import type { Notification } from '@leasing/contract';
import type { MouseEvent } from 'react';
import { useLiveUpdates } from '../../live-updates';
import classes from './app-layout.module.css';

const MAIN_CONTENT_ID = 'main-content';
/** The lead page's widest content, in px: the inbox column beside the two columns of the pane. */
const LEAD_PAGE_WIDTH = 1680;

/**
 * The frame of every signed-in page: product name and the user's menu above the content. It holds
 * the session's live updates, so they run on every signed-in page, the conversation pane included.
 */
export function AppLayoutRoute() {
  const navigate = useNavigate();
  // A lead's page holds the inbox beside the lead on a wide screen: it takes more of the window.
  const isLeadPage = useMatch(paths.leadEscalation.path) !== null;
  useLiveUpdates();

  function handleOpenLead(lead: Notification['lead']) {
    void navigate(paths.leadEscalation.getHref(lead.propertyID, lead.pmsLeadId));
  }

  function handleSignedOut() {
    void navigate(paths.login.getHref(), { replace: true });
  }

  /** Focus moves past the header; the URL keeps no fragment for the router to trip on. */
  function handleSkipToContent(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  }

  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink} onClick={handleSkipToContent}>
        Skip to main content
      </a>
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Link
              to={paths.dashboard.getHref()}
              style={{ color: 'inherit', textDecoration: 'none' }}
              aria-label={PRODUCT_NAME}
            >
              <Brand size="sm" nameVisibleFrom="sm" />
            </Link>
            <MainNav
              extra={(className) => (
                <>
                  <ReportsNavLink className={className} />
                  <UnmatchedNavLink className={className} />
                </>
              )}
            />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ReconnectingIndicator />
            <NotificationBell onOpenLead={handleOpenLead} />
            <UserMenu onSignedOut={handleSignedOut} />
          </Group>
        </Group>
      </AppShell.Header>
      <ShortcutListener />
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main} bg="gray.0">
        {/* A lead's page gives the conversation every line it can: a thinner margin. */}
        <Container size={isLeadPage ? LEAD_PAGE_WIDTH : 'xl'} py={isLeadPage ? 'xs' : 'lg'} px="md">
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
