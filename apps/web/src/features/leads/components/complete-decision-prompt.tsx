import type { Lead } from '@leasing/contract';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useCompleteOfficeDecision } from '../api/complete-office-decision';

export type CompleteDecisionPromptProps = {
  lead: Pick<Lead, '_id' | 'companyID' | 'propertyID' | 'pmsLeadId'>;
  opened: boolean;
  onClose: () => void;
};

/**
 * Asked after a message is sent while the lead's office decision is open: the message often is the
 * answer the decision waited for.
 */
export function CompleteDecisionPrompt({ lead, opened, onClose }: CompleteDecisionPromptProps) {
  const completeDecision = useCompleteOfficeDecision(lead);

  function handleComplete() {
    // Its own toasts say how it went; the pane shows 'Processing...' meanwhile.
    completeDecision.mutate();
    onClose();
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Office decision"
      centered
      size="sm"
      zIndex={1000}
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Text size="sm">Do you want to complete the decision?</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose}>
          Leave Open
        </Button>
        <Button onClick={handleComplete} data-autofocus>
          Complete
        </Button>
      </Group>
    </Modal>
  );
}
