import type { ConversationEvent, OfficeDecisionStatus } from '@leasing/contract';
import { memo } from 'react';
import { readPhoneCall } from '../utils/describe-call';
import { readBounce } from '../utils/inbound-facts';
import { BounceRow } from './bounce-row';
import { CallRow } from './call-row';
import { MessageBubble } from './message-bubble';
import { OfficeDecisionCard } from './office-decision-card';
import { PhoneCallRow } from './phone-call-row';
import type { ScheduledMessageActions } from './scheduled-message-note';
import { SystemEventRow } from './system-event-row';
import classes from './timeline.module.css';

export type TimelineEventProps = {
  event: ConversationEvent;
  dayLabel: string | null;
  /** Only for the newest decision request: keeps every other row's props unchanged. */
  decisionStatus: OfficeDecisionStatus | null;
  onOpenTranscript: (event: ConversationEvent) => void;
  onViewFormattedEmail: (event: ConversationEvent) => void;
  /** Only true for the email the composer answers: keeps every other row's props unchanged. */
  isReplySelected: boolean;
  onEmailClick?: (event: ConversationEvent) => void;
  onRetry?: (event: ConversationEvent) => void;
  /** Only true for the message whose retry is being asked for. */
  isRetrying: boolean;
  onSendByEmail?: (event: ConversationEvent) => void;
  /** 'Edit', 'Cancel', 'Send now' of scheduled messages (memoized by the pane). */
  scheduledActions?: ScheduledMessageActions;
  /** The property's zone, for the days that end on its clock (a payment link's due date). */
  propertyTimeZone?: string;
};

function EventContent({
  event,
  decisionStatus,
  onOpenTranscript,
  onViewFormattedEmail,
  isReplySelected,
  onEmailClick,
  onRetry,
  isRetrying,
  onSendByEmail,
  scheduledActions,
  propertyTimeZone,
}: Omit<TimelineEventProps, 'dayLabel'>) {
  const bounce = readBounce(event);
  if (bounce) return <BounceRow event={event} bounce={bounce} />;
  switch (event.eventType) {
    case 'SMS':
    case 'EMAIL':
      return (
        <MessageBubble
          event={event}
          onViewFormattedEmail={onViewFormattedEmail}
          isReplySelected={isReplySelected}
          onEmailClick={onEmailClick}
          onRetry={onRetry}
          isRetrying={isRetrying}
          onSendByEmail={onSendByEmail}
          scheduledActions={scheduledActions}
        />
      );
    case 'CALL': {
      // A call through the property's number; the assistant's calls keep their own row.
      const call = readPhoneCall(event);
      if (call) return <PhoneCallRow event={event} call={call} />;
      return <CallRow event={event} onOpenTranscript={onOpenTranscript} />;
    }
    case 'OFFICE_DECISION':
      return <OfficeDecisionCard event={event} status={decisionStatus} />;
    default:
      return <SystemEventRow event={event} propertyTimeZone={propertyTimeZone} />;
  }
}

/**
 * One event of the timeline, with the day separator above the first event of each day. Memoized:
 * scrolling re-renders the list, not the events.
 */
export const TimelineEvent = memo(function TimelineEvent({
  dayLabel,
  ...props
}: TimelineEventProps) {
  return (
    <>
      {dayLabel && (
        <div className={classes.daySeparator} role="separator" aria-label={dayLabel}>
          <span>{dayLabel}</span>
        </div>
      )}
      <EventContent {...props} />
    </>
  );
});
