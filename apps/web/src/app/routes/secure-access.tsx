import {
  AppShell,
  Badge,
  Button,
  Container,
  Group,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { IconLinkOff, IconLock } from '@tabler/icons-react';
import { Link, matchPath, useSearchParams } from 'react-router';
import { Brand } from '../../components/ui/brand';
import { CenteredPage } from '../../components/ui/centered-page';
import { ErrorState } from '../../components/ui/error-state';
import { PageLoader } from '../../components/ui/page-loader';
import { ACCESS_TOKEN_PARAM, RETURN_URL_PARAM, paths } from '../../config/paths';
import { useUser } from '../../features/auth/api/get-user';
import { ReconnectingIndicator } from '../../features/live/components/reconnecting-indicator';
import { useSecureAccessLead } from '../../features/secure-access/api/get-secure-access-lead';
import { formatExpiry } from '../../features/secure-access/utils/format-expiry';
import { useLiveUpdates } from '../live-updates';
import { LeadPage, leadPaneParamsSchema } from './app/lead-page/lead-page';

function IncompleteLink() {
  return (
    <CenteredPage>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
          <IconLinkOff size={26} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} size="h3">
          This link is incomplete
        </Title>
        <Text c="dimmed">
          It is missing its access code. Open the link exactly as you received it, or ask the sender
          for a new one.
        </Text>
        <Button component={Link} to={paths.login.getHref()} variant="default" mt="sm">
          Go to sign in
        </Button>
      </Stack>
    </CenteredPage>
  );
}

/**
 * Only what the lead's pane needs: no dashboard, no user menu. Typically shown inside the PMS, in
 * a frame, where the host page is the user's way around.
 */
type SecureAccessShellProps = {
  expiresAt: string;
  /** The staff member the link acts for, once known. */
  actingAs: string | undefined;
  children: ReactNode;
};

function SecureAccessShell({ expiresAt, actingAs, children }: SecureAccessShellProps) {
  return (
    <AppShell header={{ height: 48 }} padding={0}>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Brand size="sm" />
            <Badge
              variant="light"
              color="gray"
              leftSection={<IconLock size={12} stroke={2} aria-hidden />}
            >
              Secure link
            </Badge>
          </Group>
          <Group gap="md" wrap="nowrap">
            <ReconnectingIndicator />
            {/* Whose name notes and messages sent from here carry. */}
            {actingAs && (
              <Text size="xs" c="dimmed" visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                Acting as {actingAs}
              </Text>
            )}
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatExpiry(expiresAt)}
            </Text>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main bg="gray.0">
        <Container fluid py="lg" px="md">
          {children}
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}

/** The lead pane a link was opened for (`returnUrl`), when it names one. */
function requestedLead(returnUrl: string | null) {
  const match = returnUrl ? matchPath(paths.leadEscalation.path, returnUrl) : null;
  const params = leadPaneParamsSchema.safeParse(match?.params);
  return params.success ? params.data : null;
}

/**
 * The pane of the lead the link's token opens, or of the lead the link was opened for: the server
 * refuses that one unless it is the token's own. The API client sends that token while it is in
 * the URL; a 401 or 403 then ends on /not-found (spec), so only other failures show here.
 */
function SecureAccessPane({
  accessToken,
  returnUrl,
}: {
  accessToken: string;
  returnUrl: string | null;
}) {
  useLiveUpdates();
  const leadQuery = useSecureAccessLead(accessToken);
  const userQuery = useUser();

  function handleRetry() {
    void leadQuery.refetch();
  }

  if (leadQuery.isPending) return <PageLoader />;
  if (leadQuery.isError) {
    return (
      <CenteredPage>
        <ErrorState
          title="Could not open this link"
          message={leadQuery.error.message}
          onRetry={handleRetry}
        />
      </CenteredPage>
    );
  }
  const { propertyID, pmsLeadId, expiresAt } = leadQuery.data;
  const lead = requestedLead(returnUrl) ?? { propertyId: propertyID, pmsLeadId };
  return (
    <SecureAccessShell expiresAt={expiresAt} actingAs={userQuery.data?.name}>
      <LeadPage propertyId={lead.propertyId} pmsLeadId={lead.pmsLeadId} isSecureAccess />
    </SecureAccessShell>
  );
}

/**
 * Landing page of secure links: `/secure-access?access_token=…` shows that lead's pane. A lead's
 * pane URL opened with an access_token arrives here too (via the login page) with `returnUrl`.
 */
export function SecureAccessRoute() {
  const [searchParams] = useSearchParams();
  const accessToken = searchParams.get(ACCESS_TOKEN_PARAM);
  if (!accessToken) return <IncompleteLink />;
  return (
    <SecureAccessPane accessToken={accessToken} returnUrl={searchParams.get(RETURN_URL_PARAM)} />
  );
}
