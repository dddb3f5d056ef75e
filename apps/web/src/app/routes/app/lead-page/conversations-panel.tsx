import type { ConversationEvent, Lead, User } from '@leasing/contract';
import { Paper } from '@mantine/core';
import { useState } from 'react';
import type { ReactNode, Ref } from 'react';
import { createPortal } from 'react-dom';
import { MessageComposer } from '../../../../features/composer/components/message-composer';
import type { Composer } from '../../../../features/composer/hooks/use-composer';
import { ConversationTimeline } from '../../../../features/conversations/components/conversation-timeline';
import type { ScheduledMessageActions } from '../../../../features/conversations/components/scheduled-message-note';
import { useRetryFailedMessage } from '../../../../features/conversations/hooks/use-retry-failed-message';
import { OpenDecisionBar } from '../../../../features/leads/components/open-decision-bar';
import { useNewEvents } from '../../../../features/live/hooks/use-new-events';
import { useTypingSignal } from '../../../../features/presence/hooks/use-presence';
import classes from './lead-page.module.css';

export type ConversationsPanelProps = {
  lead: Lead;
  composer: Composer;
  /** The composer's slot: the pane puts the keyboard in it. */
  composerSlotRef: Ref<HTMLDivElement>;
  /** The lead's time zone: 'Send later' choices are on their clock. */
  leadZone: string;
  /** The signed-in user, who sends; null while unknown. */
  sender: User | null;
  isNarrow: boolean;
  /** A secure link's visitor: no retries, no changes to scheduled messages, no typing, no templates. */
  isSecureAccess: boolean;
  /**
   * At the end of the timeline's tool row, which on a wide screen starts with the panel's title
   * (on a narrow one the 'Conversations' switch above names the panel): one line, not two. 'Call'
   * and the more-menu.
   */
  actions: ReactNode;
  scheduledActions: ScheduledMessageActions;
  onSent: (event: ConversationEvent) => void;
  /** Write a failed text again as an email; none when the lead cannot be emailed. */
  onSendByEmailInstead?: (failed: ConversationEvent) => void;
  onOpenTemplates: () => void;
};

/** The CONVERSATIONS panel: the lead's timeline, and the composer below it. */
export function ConversationsPanel({
  lead,
  composer,
  composerSlotRef,
  leadZone,
  sender,
  isNarrow,
  isSecureAccess,
  actions,
  scheduledActions,
  onSent,
  onSendByEmailInstead,
  onOpenTemplates,
}: ConversationsPanelProps) {
  const [toolsEndSlot, setToolsEndSlot] = useState<HTMLDivElement | null>(null);
  const [reviewRequests, setReviewRequests] = useState(0);
  const newEvents = useNewEvents(lead._id);
  const retry = useRetryFailedMessage(lead);
  const typing = useTypingSignal(lead._id);

  function handleReview() {
    setReviewRequests((count) => count + 1);
  }

  return (
    <Paper
      withBorder
      radius="md"
      component="section"
      aria-label="Conversations"
      className={classes.conversations}
    >
      <OpenDecisionBar lead={lead} />
      <div className={classes.timeline}>
        <ConversationTimeline
          leadID={lead._id}
          recentEvents={lead.conversations}
          olderCursor={lead.conversationsCursor}
          propertyTimeZone={lead.propertyTimeZone}
          officeDecisionStatus={lead.officeDecisionState?.status ?? null}
          selectedReplyId={composer.replyTo?._id ?? null}
          onEmailClick={composer.canReply ? composer.toggleReply : undefined}
          onRetry={isSecureAccess ? undefined : retry.retryFailed}
          retryingId={retry.retryingId}
          onSendByEmail={onSendByEmailInstead}
          scheduledActions={isSecureAccess ? undefined : scheduledActions}
          isCatchingUp={newEvents.isCatchingUp}
          newEventCount={newEvents.count}
          onNewEventsSeen={newEvents.dismiss}
          scrollToEndRequests={reviewRequests}
          toolsStart={
            isNarrow ? undefined : <span className={classes.conversationsTitle}>CONVERSATIONS</span>
          }
          toolsEndRef={setToolsEndSlot}
        />
        {toolsEndSlot && createPortal(actions, toolsEndSlot)}
      </div>
      <div ref={composerSlotRef} data-testid="composer-slot" className={classes.composerSlot}>
        <MessageComposer
          composer={composer}
          lead={lead}
          leadTimeZone={leadZone}
          sender={sender}
          onSent={onSent}
          onTyping={isSecureAccess ? undefined : typing.typed}
          onTypingStopped={isSecureAccess ? undefined : typing.stopped}
          onReview={handleReview}
          onOpenTemplates={isSecureAccess ? undefined : onOpenTemplates}
        />
      </div>
    </Paper>
  );
}
