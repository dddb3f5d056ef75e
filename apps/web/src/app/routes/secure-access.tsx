import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { CenteredPage } from '../../components/ui/centered-page';
import { ACCESS_TOKEN_PARAM, paths } from '../../config/paths';

/**
 * Landing page of secure links. Exchanging the link's access token is not built yet, so this page
 * only tells the visitor plainly what to do.
 */
export function SecureAccessRoute() {
  const [searchParams] = useSearchParams();
  const hasAccessToken = Boolean(searchParams.get(ACCESS_TOKEN_PARAM));

  return (
    <CenteredPage>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
          <IconLinkOff size={26} stroke={1.5} />
        </ThemeIcon>
        {hasAccessToken ? (
          <>
            <Title order={1} size="h3">
              This link could not be verified
            </Title>
            <Text c="dimmed">
              Ask the person who sent it for a new link, then open the new one.
            </Text>
          </>
        ) : (
          <>
            <Title order={1} size="h3">
              This link is incomplete
            </Title>
            <Text c="dimmed">
              It is missing its access code. Open the link exactly as you received it, or ask the
              sender for a new one.
            </Text>
          </>
        )}
        <Button component={Link} to={paths.login.getHref()} variant="default" mt="sm">
          Go to sign in
        </Button>
      </Stack>
    </CenteredPage>
  );
}
