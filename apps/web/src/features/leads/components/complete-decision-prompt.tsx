import type { Lead } from '@leasing/contract';
import { Blockquote, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useCompleteOfficeDecision } from '../api/complete-office-decision';
import { decisionQuestionOf } from '../utils/decision-question';
import { DecisionOutcomeField } from './decision-outcome-field';

export type CompleteDecisionPromptProps = {
  lead: Pick<Lead, '_id' | 'companyID' | 'propertyID' | 'pmsLeadId' | 'conversations'>;
  opened: boolean;
  onClose: () => void;
};

/**
 * Asked after a message is sent while the lead's office decision is open: the message often is the
 * answer the decision waited for. It quotes the decision's question, and takes what was decided.
 */
export function CompleteDecisionPrompt({ lead, opened, onClose }: CompleteDecisionPromptProps) {
  const completeDecision = useCompleteOfficeDecision(lead);
  const [outcome, setOutcome] = useState('');
  const question = decisionQuestionOf(lead.conversations);

  function handleClose() {
    setOutcome('');
    onClose();
  }

  function handleComplete() {
    // Its own toasts say how it went; the pane shows 'Processing...' meanwhile.
    completeDecision.mutate(outcome);
    handleClose();
  }

  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      title="Office decision"
      centered
      size="sm"
      zIndex={1000}
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="sm">
        {question && (
          <Blockquote
            color="orange"
            p="xs"
            pl="md"
            fz="sm"
            aria-label="The decision's question"
            styles={{ root: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } }}
          >
            {question}
          </Blockquote>
        )}
        <Text size="sm">Do you want to complete the decision?</Text>
        <DecisionOutcomeField
          value={outcome}
          onChange={setOutcome}
          onSubmit={handleComplete}
          onCancel={handleClose}
        />
      </Stack>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={handleClose}>
          Leave Open
        </Button>
        <Button onClick={handleComplete}>Complete</Button>
      </Group>
    </Modal>
  );
}
