import type { Lead } from '@leasing/contract';
import { Group, Stack, Text, Title } from '@mantine/core';
import { memo } from 'react';
import type { ReactNode } from 'react';
import { OfficeDecisionControl } from './office-decision-control';

export type LeadHeaderProps = {
  lead: Lead;
  /** Who works the lead and what can be done about it (the page composes it). */
  ownerControl?: ReactNode;
};

/** Who the lead is, and the office decision waiting on them. Memoized: the pane re-renders as the composer's draft changes. */
export const LeadHeader = memo(function LeadHeader({ lead, ownerControl }: LeadHeaderProps) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Group gap="md" align="baseline" wrap="wrap" style={{ minWidth: 0 }}>
          <Title order={1} size="h3">
            {lead.name}
          </Title>
          <Text c="dimmed" size="sm">
            {lead.propertyName}
          </Text>
        </Group>
        <OfficeDecisionControl lead={lead} />
      </Group>
      {ownerControl}
    </Stack>
  );
});
