import type { ConversationEvent } from '@leasing/contract';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMessageCheck, IconMessageOff, IconMessageQuestion } from '@tabler/icons-react';
import { useReviewOptOut } from '../api/review-opt-out';
import { MessageQuestionPrompt } from './message-question-prompt';
import classes from './timeline.module.css';

export type OptOutReviewPromptProps = {
  event: ConversationEvent;
};

/**
 * Under a lead's text that may be an opt-out ("not interested right now"): a person decides with
 * one click. Once decided, a line says what was decided and by whom.
 */
export function OptOutReviewPrompt({ event }: OptOutReviewPromptProps) {
  const review = useReviewOptOut({ leadID: event.leadID, eventID: event._id });
  const state = event.data.optOutReview;
  if (!state) return null;

  if (state.status !== 'PENDING') {
    const isOptOut = state.status === 'OPTED_OUT';
    return (
      <span className={`${classes.messageNote} ${isOptOut ? classes.optOutNote : ''}`}>
        {isOptOut ? (
          <IconMessageOff size={13} stroke={1.75} aria-hidden />
        ) : (
          <IconMessageCheck size={13} stroke={1.75} aria-hidden />
        )}
        {isOptOut ? 'Opted out of texts' : 'Not an opt-out'}
        {state.byUserName ? ` · ${state.byUserName}` : ''}
      </span>
    );
  }

  function handleDecision(decision: 'OPT_OUT' | 'NOT_OPT_OUT') {
    review.mutate(
      { decision },
      { onError: (error) => notifications.show({ color: 'red', message: error.message }) },
    );
  }

  return (
    <MessageQuestionPrompt
      label="Possible opt-out"
      icon={<IconMessageQuestion size={16} stroke={1.75} aria-hidden />}
      question="This may be an opt-out request"
    >
      <Group gap="xs">
        <Button
          size="xs"
          color="red"
          onClick={() => handleDecision('OPT_OUT')}
          loading={review.isPending && review.variables?.decision === 'OPT_OUT'}
          disabled={review.isPending}
        >
          Opt out of texts
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => handleDecision('NOT_OPT_OUT')}
          loading={review.isPending && review.variables?.decision === 'NOT_OPT_OUT'}
          disabled={review.isPending}
        >
          Not an opt-out
        </Button>
      </Group>
    </MessageQuestionPrompt>
  );
}
