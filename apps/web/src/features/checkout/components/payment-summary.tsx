import { Box, Group, Stack, Text, Title } from '@mantine/core';
import type { PublicPaymentLink } from '@leasing/contract';
import { IconBuilding } from '@tabler/icons-react';
import { formatCents, formatDueDate } from '../utils/format-payment';

export type PaymentSummaryProps = {
  link: PublicPaymentLink;
};

/** What is being paid, to whom and by when: the first thing a payer checks before trusting a link. */
export function PaymentSummary({ link }: PaymentSummaryProps) {
  return (
    <Stack gap="lg">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box c="indigo.6" pt={2} style={{ flexShrink: 0 }} aria-hidden>
          <IconBuilding size={20} stroke={1.75} />
        </Box>
        <div>
          <Text fw={600}>{link.propertyName}</Text>
          {link.propertyAddress && (
            <Text size="sm" c="dimmed">
              {link.propertyAddress}
            </Text>
          )}
        </div>
      </Group>
      <div>
        <Title order={1} size="h3">
          {link.description}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          For {link.payerName}
        </Text>
      </div>
      <Box bg="gray.0" p="md" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <Text size="sm" c="dimmed">
          Amount due
        </Text>
        <Text fz={40} fw={700} lh={1.15} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatCents(link.amountCents, link.currency)}
        </Text>
        <Text size="sm" mt={4}>
          Due {formatDueDate(link.dueDate, link.timeZone)}
        </Text>
      </Box>
    </Stack>
  );
}

/** The same facts in a few lines, above the card form where the form matters most. */
export function PaymentSummaryCompact({ link }: PaymentSummaryProps) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" align="baseline" wrap="nowrap" gap="md">
        <Title order={1} size="h4">
          {link.description}
        </Title>
        <Text
          fz={24}
          fw={700}
          lh={1.3}
          style={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}
        >
          {formatCents(link.amountCents, link.currency)}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {link.propertyName} · For {link.payerName}
      </Text>
      <Text size="sm" c="dimmed">
        Due {formatDueDate(link.dueDate, link.timeZone)}
      </Text>
    </Stack>
  );
}
