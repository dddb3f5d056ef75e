import type { Lead } from '@leasing/contract';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatPhone } from '../../../lib/format-phone';
import { OptStatusBadge } from './opt-status-badge';

export type LeadContactFactsProps = {
  lead: Lead;
};

type FactProps = { label: string; value: string | null; badge?: ReactNode };

function Fact({ label, value, badge }: FactProps) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text size="sm" c={value ? undefined : 'dimmed'} style={{ wordBreak: 'break-all' }}>
          {value ?? 'Not given'}
        </Text>
        {badge}
      </Group>
    </div>
  );
}

function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en-US'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function LeadContactFacts({ lead }: LeadContactFactsProps) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h5" mb="sm">
        Contact
      </Title>
      <Stack gap="sm">
        <Fact
          label="Phone"
          value={lead.phone && formatPhone(lead.phone)}
          badge={<OptStatusBadge channel="SMS" status={lead.phoneOptStatus} />}
        />
        <Fact
          label="Email"
          value={lead.email}
          badge={<OptStatusBadge channel="Email" status={lead.emailOptStatus} />}
        />
        {lead.preferredLanguage && (
          <Fact label="Preferred language" value={languageName(lead.preferredLanguage)} />
        )}
        <Fact label="Lead ID" value={lead.pmsLeadId} />
      </Stack>
    </Paper>
  );
}
