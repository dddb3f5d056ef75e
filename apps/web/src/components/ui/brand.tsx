import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { PRODUCT_NAME } from '../../config/product';

export type BrandProps = {
  size?: 'sm' | 'md';
  /** Below this breakpoint only the mark shows (a phone's header has room for little else). */
  nameVisibleFrom?: 'xs' | 'sm' | 'md';
};

export function Brand({ size = 'md', nameVisibleFrom }: BrandProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size={size === 'md' ? 32 : 28} radius="md" variant="filled" aria-hidden>
        <IconMessages size={size === 'md' ? 20 : 18} stroke={1.75} />
      </ThemeIcon>
      <Text
        fw={700}
        size={size === 'md' ? 'lg' : 'md'}
        style={{ whiteSpace: 'nowrap' }}
        visibleFrom={nameVisibleFrom}
      >
        {PRODUCT_NAME}
      </Text>
    </Group>
  );
}
