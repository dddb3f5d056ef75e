import type { Lead } from '@leasing/contract';
import { Badge, Button, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconCircleCheck, IconFlag } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/format-date';
import { useCompleteOfficeDecision } from '../api/complete-office-decision';

export type OfficeDecisionControlProps = {
  lead: Pick<Lead, '_id' | 'companyID' | 'propertyID' | 'pmsLeadId' | 'officeDecisionState'>;
};

/** The lead's office decision: open with a way to complete it, or who completed it. */
export function OfficeDecisionControl({ lead }: OfficeDecisionControlProps) {
  const completeDecision = useCompleteOfficeDecision(lead);
  const decision = lead.officeDecisionState;
  if (!decision) return null;

  function handleComplete() {
    completeDecision.mutate();
  }

  if (decision.status === 'COMPLETED') {
    const completedBy = [
      decision.completedByUserName && `by ${decision.completedByUserName}`,
      decision.completedAt && `on ${formatDateTime(decision.completedAt)}`,
    ]
      .filter(Boolean)
      .join(' ');
    return (
      <Tooltip label={`Completed ${completedBy}`} disabled={!completedBy} withArrow>
        <Badge
          color="teal"
          variant="light"
          size="lg"
          leftSection={<IconCircleCheck size={14} stroke={1.75} />}
        >
          Decision completed
        </Badge>
      </Tooltip>
    );
  }

  return (
    <Group gap="xs" wrap="nowrap">
      <Badge
        color="orange"
        variant="light"
        size="lg"
        leftSection={<IconFlag size={14} stroke={1.75} />}
      >
        Decision open
      </Badge>
      <Button
        size="xs"
        leftSection={<IconCheck size={14} stroke={2} />}
        onClick={handleComplete}
        loading={completeDecision.isPending}
      >
        Complete
      </Button>
    </Group>
  );
}
