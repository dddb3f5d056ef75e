import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

export type StatusMessageProps = {
  icon: ReactNode;
  color: MantineColor;
  title: string;
  children?: ReactNode;
};

/** A page that says one thing: an icon, a heading and what the payer can do next. */
export function StatusMessage({ icon, color, title, children }: StatusMessageProps) {
  return (
    <Stack align="center" gap="sm" ta="center" py="xs">
      <ThemeIcon size={56} radius="xl" variant="light" color={color} aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={1} size="h3">
        {title}
      </Title>
      {typeof children === 'string' ? <Text c="dimmed">{children}</Text> : children}
    </Stack>
  );
}
