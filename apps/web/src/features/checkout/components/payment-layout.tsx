import { Badge, Box, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type PaymentLayoutProps = {
  /** Whom the payer pays, once the link is known. */
  companyName?: string;
  children: ReactNode;
};

/**
 * The payment host's page: one card on a quiet background, the company's name above it and
 * nothing of the staff app. Full width on a phone, a narrow column on a desktop.
 */
export function PaymentLayout({ companyName, children }: PaymentLayoutProps) {
  return (
    <Box mih="100dvh" bg="gray.0" px={{ base: 'sm', xs: 'md' }} py={{ base: 'md', sm: 56 }}>
      <Stack maw={480} mx="auto" gap="md">
        <Group
          component="header"
          justify={companyName ? 'space-between' : 'flex-end'}
          wrap="nowrap"
          gap="sm"
          px={4}
        >
          {companyName && (
            <Text fw={700} size="lg" truncate>
              {companyName}
            </Text>
          )}
          <Badge
            variant="light"
            color="teal"
            size="lg"
            radius="sm"
            tt="none"
            fw={600}
            style={{ flexShrink: 0 }}
            leftSection={<IconLock size={14} stroke={2} aria-hidden />}
          >
            Secure payment
          </Badge>
        </Group>
        <Paper component="main" withBorder shadow="xs" radius="lg" p={{ base: 'lg', sm: 32 }}>
          {children}
        </Paper>
        <Text size="xs" c="dimmed" ta="center" px="md">
          Your payment details travel over an encrypted connection.
        </Text>
      </Stack>
    </Box>
  );
}

export function PaymentLoading() {
  return (
    <PaymentLayout>
      <Stack align="center" gap="sm" py="xl" role="status">
        <Loader size="md" />
        <Text c="dimmed">Loading your payment…</Text>
      </Stack>
    </PaymentLayout>
  );
}
