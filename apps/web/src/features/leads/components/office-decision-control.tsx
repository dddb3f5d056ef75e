import { DECISION_UNDO_WINDOW_MS } from '@leasing/contract';
import type { Lead } from '@leasing/contract';
import { Badge, Blockquote, Button, Group, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconCircleCheck, IconFlag } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format-date';
import { useCompleteOfficeDecision } from '../api/complete-office-decision';
import { useReopenOfficeDecision } from '../api/reopen-office-decision';
import { useIsWithin } from '../hooks/use-is-within';
import { DecisionOutcomeField } from './decision-outcome-field';
import classes from './office-decision-control.module.css';

export type OfficeDecisionControlProps = {
  lead: Pick<Lead, '_id' | 'companyID' | 'propertyID' | 'pmsLeadId' | 'officeDecisionState'>;
  /**
   * The open decision's question (see `decisionQuestionOf`): shown between the badge and
   * 'Complete', and quoted where the outcome is asked for, so nobody completes it unseen.
   */
  question?: string | null;
};

/**
 * The lead's office decision: open with a way to complete it (with what was decided, optional), or
 * who completed it, with 'Undo' for a minute after.
 */
export function OfficeDecisionControl({ lead, question = null }: OfficeDecisionControlProps) {
  const completeDecision = useCompleteOfficeDecision(lead);
  const reopenDecision = useReopenOfficeDecision(lead);
  const [isAsking, setIsAsking] = useState(false);
  const [outcome, setOutcome] = useState('');
  const decision = lead.officeDecisionState;
  const canUndo = useIsWithin(
    decision?.status === 'COMPLETED' ? decision.completedAt : null,
    DECISION_UNDO_WINDOW_MS,
  );
  if (!decision) return null;

  function handleComplete() {
    completeDecision.mutate(outcome);
    setIsAsking(false);
    setOutcome('');
  }

  function handleCancel() {
    setIsAsking(false);
    setOutcome('');
  }

  function handleUndo() {
    reopenDecision.mutate();
  }

  if (decision.status === 'COMPLETED') {
    const completedBy = [
      decision.completedByUserName && `by ${decision.completedByUserName}`,
      decision.completedAt && `on ${formatDateTime(decision.completedAt)}`,
    ]
      .filter(Boolean)
      .join(' ');
    const tooltip = [completedBy && `Completed ${completedBy}`, decision.outcome]
      .filter(Boolean)
      .join(' · ');
    return (
      <Group gap="xs" wrap="nowrap">
        <Tooltip label={tooltip} disabled={!tooltip} withArrow multiline maw={320}>
          <Badge
            color="teal"
            variant="light"
            size="lg"
            leftSection={<IconCircleCheck size={14} stroke={1.75} />}
          >
            Decision completed
          </Badge>
        </Tooltip>
        {canUndo && (
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconArrowBackUp size={14} stroke={2} />}
            onClick={handleUndo}
            loading={reopenDecision.isPending}
          >
            Undo
          </Button>
        )}
      </Group>
    );
  }

  return (
    <Group gap="xs" wrap="nowrap" className={classes.open}>
      <Badge
        color="orange"
        variant="light"
        size="lg"
        leftSection={<IconFlag size={14} stroke={1.75} />}
        className={classes.badge}
      >
        Decision open
      </Badge>
      {question && (
        <Text size="sm" lineClamp={2} className={classes.question} title={question}>
          {question}
        </Text>
      )}
      <Popover
        opened={isAsking}
        onChange={setIsAsking}
        onDismiss={handleCancel}
        position="bottom-end"
        withArrow
        trapFocus
        shadow="md"
        width={320}
        // The pane's header never scrolls out of view; without layout (tests) the target would
        // look detached and the question be hidden.
        hideDetached={false}
      >
        <Popover.Target>
          <Button
            size="xs"
            leftSection={<IconCheck size={14} stroke={2} />}
            onClick={() => setIsAsking((open) => !open)}
            loading={completeDecision.isPending}
          >
            Complete
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs">
            {question && (
              <Blockquote
                p="xs"
                color="orange"
                fz="sm"
                aria-label="The decision's question"
                className={classes.quote}
              >
                {question}
              </Blockquote>
            )}
            <DecisionOutcomeField
              value={outcome}
              onChange={setOutcome}
              onSubmit={handleComplete}
              onCancel={handleCancel}
            />
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed">
                Enter completes · Esc cancels
              </Text>
              <Button size="xs" onClick={handleComplete}>
                Complete
              </Button>
            </Group>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
