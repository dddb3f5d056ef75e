import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type DetailListProps = {
  items: readonly { label: string; value: ReactNode }[];
};

/** Label and value in two columns: a receipt's lines. */
export function DetailList({ items }: DetailListProps) {
  return (
    <Stack component="dl" gap="xs" m={0}>
      {items.map(({ label, value }) => (
        <Group key={label} justify="space-between" align="flex-start" wrap="nowrap" gap="md">
          <Text component="dt" size="sm" c="dimmed" style={{ flexShrink: 0 }}>
            {label}
          </Text>
          <Text
            component="dd"
            size="sm"
            fw={500}
            ta="right"
            m={0}
            style={{ overflowWrap: 'anywhere' }}
          >
            {value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
