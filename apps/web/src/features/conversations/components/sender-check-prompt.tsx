import type { ConversationEvent } from '@leasing/contract';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShieldCheck, IconShieldQuestion } from '@tabler/icons-react';
import { useConfirmSender } from '../api/confirm-sender';
import { MessageQuestionPrompt } from './message-question-prompt';
import classes from './timeline.module.css';

export type SenderCheckPromptProps = {
  event: ConversationEvent;
};

/**
 * Under a lead's email that failed sender checks (SPF, DKIM, DMARC): it may be a forgery, so it
 * does not count as the lead's reply until a person confirms the sender. Once confirmed, a line
 * says by whom.
 */
export function SenderCheckPrompt({ event }: SenderCheckPromptProps) {
  const confirm = useConfirmSender({ leadID: event.leadID, eventID: event._id });
  if (event.data.senderVerified !== false) return null;

  const confirmed = event.data.senderConfirmed;
  if (confirmed) {
    return (
      <span className={classes.messageNote}>
        <IconShieldCheck size={13} stroke={1.75} aria-hidden />
        Sender confirmed · {confirmed.byUserName}
      </span>
    );
  }

  function handleConfirm() {
    confirm.mutate(undefined, {
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });
  }

  return (
    <MessageQuestionPrompt
      label="Sender not verified"
      icon={<IconShieldQuestion size={16} stroke={1.75} aria-hidden />}
      question="This email may not be from the lead. It counts as their reply once you confirm the sender."
    >
      <Button size="xs" color="orange" onClick={handleConfirm} loading={confirm.isPending}>
        Confirm sender
      </Button>
    </MessageQuestionPrompt>
  );
}
