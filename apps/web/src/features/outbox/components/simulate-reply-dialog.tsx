import { SMS_MAX_LENGTH } from '@leasing/contract';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { useSimulateInboundSms } from '../api/simulate-inbound-sms';

export const SIMULATED_REPLY_RECEIVED = "Reply received: it shows in the lead's conversation.";

export type SimulateReplyDialogProps = {
  leadID: string;
  /** The lead's number the simulated text comes from. */
  from: string;
  onClose: () => void;
};

/**
 * Sandbox demo: write what the lead texts back, and it arrives as a real reply would, live in
 * every console showing the lead.
 */
export function SimulateReplyDialog({ leadID, from, onClose }: SimulateReplyDialogProps) {
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const simulate = useSimulateInboundSms();
  const canSend = text.trim() !== '' && !simulate.isPending;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSend) return;
    simulate.mutate(
      { leadID, text },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: SIMULATED_REPLY_RECEIVED });
          onClose();
        },
        onError: (error) => setFailure(error.message),
      },
    );
  }

  function handleCloseFailure() {
    setFailure(null);
  }

  return (
    <>
      <Modal opened onClose={onClose} title="Simulate a reply" centered size="md">
        <form onSubmit={handleSubmit} aria-label="Simulated reply">
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              A text from {from}, taken in as if the lead had sent it. Keywords work too: STOP opts
              the lead out.
            </Text>
            <Textarea
              label="Reply"
              placeholder="What the lead texts back"
              autosize
              minRows={3}
              maxRows={8}
              maxLength={SMS_MAX_LENGTH}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              data-autofocus
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={!canSend} loading={simulate.isPending}>
                Send
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <AlertDialog
        opened={failure !== null}
        title="Oops"
        message={failure ?? ''}
        buttonLabel="Ok"
        onClose={handleCloseFailure}
      />
    </>
  );
}
