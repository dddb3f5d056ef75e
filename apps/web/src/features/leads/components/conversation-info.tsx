import type { Lead } from '@leasing/contract';
import { Badge, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format-date';

export type ConversationInfoProps = {
  lead: Lead;
};

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {children}
    </div>
  );
}

export function ConversationInfo({ lead }: ConversationInfoProps) {
  const decision = lead.officeDecisionState;
  return (
    <Stack gap="md">
      <InfoRow label="Lead">
        <Text fw={600}>{lead.name}</Text>
      </InfoRow>
      {lead.tourDateUTC && (
        <InfoRow label="Scheduled tour">
          <Text size="sm">{formatDateTime(lead.tourDateUTC)}</Text>
        </InfoRow>
      )}
      {decision && (
        <InfoRow label="Office decision">
          {decision.status === 'PENDING' ? (
            <Badge color="orange" variant="light">
              Pending
            </Badge>
          ) : (
            <Text size="sm">
              Completed
              {decision.completedByUserName ? ` by ${decision.completedByUserName}` : ''}
              {decision.completedAt ? ` on ${formatDateTime(decision.completedAt)}` : ''}
            </Text>
          )}
        </InfoRow>
      )}
    </Stack>
  );
}
