import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

/** The spec's words for a refusal (section 6), as the 403 toast says them. */
export const NOT_PERMITTED_MESSAGE = 'User is not permitted';

export type NotPermittedStateProps = {
  /** Who may open the page, e.g. 'Only admins can open this page.' */
  reason: string;
};

/** Shown in place of a page the signed-in user's role may not open. */
export function NotPermittedState({ reason }: NotPermittedStateProps) {
  return (
    <Paper withBorder radius="md" p="xl" maw={560} mx="auto" mt="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
          <IconLock size={24} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} size="h3">
          {NOT_PERMITTED_MESSAGE}
        </Title>
        <Text c="dimmed" size="sm" maw={400}>
          {reason}
        </Text>
        <Button component={Link} to={paths.dashboard.getHref()} variant="light" mt="xs">
          Back to the dashboard
        </Button>
      </Stack>
    </Paper>
  );
}
