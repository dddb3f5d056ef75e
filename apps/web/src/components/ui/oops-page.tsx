import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMoodSad } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { CenteredPage } from './centered-page';

/** The not-found page, also shown when a route fails to load. */
export function OopsPage() {
  return (
    <CenteredPage>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
          <IconMoodSad size={26} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} size="h2">
          Oops!
        </Title>
        <Text>Something went wrong loading this content.</Text>
        <Text c="dimmed">Please try again.</Text>
        <Button component={Link} to={paths.home.getHref()} mt="sm">
          Back to the app
        </Button>
      </Stack>
    </CenteredPage>
  );
}
