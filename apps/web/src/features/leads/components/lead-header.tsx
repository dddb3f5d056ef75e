import type { Lead } from '@leasing/contract';
import { Group, Text, Title } from '@mantine/core';
import { LeadStatusBadges } from './lead-status-badges';

export type LeadHeaderProps = {
  lead: Lead;
};

export function LeadHeader({ lead }: LeadHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <div>
        <Title order={1} size="h2">
          {lead.name}
        </Title>
        <Text c="dimmed" size="sm">
          {lead.propertyName}
        </Text>
      </div>
      <LeadStatusBadges
        officeDecisionStatus={lead.officeDecisionState?.status ?? null}
        phoneOptStatus={lead.phoneOptStatus}
        emailOptStatus={lead.emailOptStatus}
      />
    </Group>
  );
}
