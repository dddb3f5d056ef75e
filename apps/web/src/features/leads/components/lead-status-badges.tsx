import type { OfficeDecisionStatus, OptStatus } from '@leasing/contract';
import { Badge, Group } from '@mantine/core';

export type LeadStatusBadgesProps = {
  officeDecisionStatus: OfficeDecisionStatus | null;
  phoneOptStatus: OptStatus;
  emailOptStatus: OptStatus;
  /** Mail to the lead's address bounced: it takes no mail. */
  isEmailBounced: boolean;
};

/** What needs the agent's attention at a glance; nothing when all is ordinary. */
export function LeadStatusBadges({
  officeDecisionStatus,
  phoneOptStatus,
  emailOptStatus,
  isEmailBounced,
}: LeadStatusBadgesProps) {
  const isDecisionPending = officeDecisionStatus === 'PENDING';
  const isSmsOptOut = phoneOptStatus === 'OPT_OUT';
  const isEmailOptOut = emailOptStatus === 'OPT_OUT';
  if (!isDecisionPending && !isSmsOptOut && !isEmailOptOut && !isEmailBounced) return null;

  return (
    <Group gap={4} wrap="wrap">
      {isDecisionPending && (
        <Badge color="orange" variant="light" size="sm">
          Decision pending
        </Badge>
      )}
      {isSmsOptOut && (
        <Badge color="red" variant="light" size="sm">
          SMS opt-out
        </Badge>
      )}
      {isEmailOptOut && (
        <Badge color="red" variant="light" size="sm">
          Email opt-out
        </Badge>
      )}
      {isEmailBounced && (
        <Badge color="red" variant="light" size="sm">
          Email bounced
        </Badge>
      )}
    </Group>
  );
}
