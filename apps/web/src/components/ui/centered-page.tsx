import { Center, Paper } from '@mantine/core';
import type { ReactNode } from 'react';

export type CenteredPageProps = {
  children: ReactNode;
  width?: number;
};

/** A single card in the middle of an empty page: sign-in, links, errors. */
export function CenteredPage({ children, width = 420 }: CenteredPageProps) {
  return (
    <Center mih="100dvh" p="md" bg="gray.0" component="main">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={width}>
        {children}
      </Paper>
    </Center>
  );
}
