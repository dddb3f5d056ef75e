import { Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

export type EmptyStateProps = {
  icon: ReactNode;
  title: string;
  description?: string;
};

export function EmptyState({ icon, title, description }: EmptyStateProps) {
  return (
    <Stack align="center" gap="xs" py="xl" px="md" ta="center">
      <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden>
        {icon}
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      {description && (
        <Text size="sm" c="dimmed" maw={360}>
          {description}
        </Text>
      )}
    </Stack>
  );
}
