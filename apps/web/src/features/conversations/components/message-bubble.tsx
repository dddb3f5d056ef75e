import type { ConversationEvent, SendingStatus } from '@leasing/contract';
import { Anchor, Avatar, Badge, Button, Loader, Tooltip } from '@mantine/core';
import {
  IconAlertTriangle,
  IconAlertCircle,
  IconArrowBackUp,
  IconChecks,
  IconClock,
  IconClockShare,
  IconClockX,
  IconMail,
  IconMessage,
  IconMessageBolt,
  IconMessageCheck,
  IconMessageOff,
  IconPhoto,
  IconRefresh,
  IconRobot,
} from '@tabler/icons-react';
import type { MouseEvent, ReactNode } from 'react';
import { formatTime } from '../../../lib/format-date';
import { countPendingMedia, isAutoSubmitted, readOptStatusChange } from '../utils/inbound-facts';
import { AttachmentThumbnail } from './attachment-thumbnail';
import { MessageText } from './message-text';
import { HighlightedText } from './search-highlight';
import { OptOutReviewPrompt } from './opt-out-review-prompt';
import { SenderCheckPrompt } from './sender-check-prompt';
import { FileChips } from '../../../components/ui/file-chips';
import {
  hasScheduleNote,
  ScheduledMessageNote,
  type ScheduledMessageActions,
} from './scheduled-message-note';
import classes from './timeline.module.css';

function SendingStatusLine({
  status,
  channel,
}: {
  status: SendingStatus;
  channel: 'SMS' | 'EMAIL';
}) {
  const display: Record<SendingStatus, { label: string; icon: ReactNode; color?: string }> = {
    PENDING: { label: 'Queued', icon: <IconClock size={13} stroke={1.75} aria-hidden /> },
    IN_PROGRESS: { label: 'Sending…', icon: <Loader size={10} aria-hidden /> },
    COMPLETED: {
      label: channel === 'SMS' ? 'Delivered' : 'Sent',
      icon: <IconChecks size={13} stroke={1.75} aria-hidden />,
      color: 'var(--mantine-color-teal-text)',
    },
    FAILED: {
      label: 'Failed',
      icon: <IconAlertCircle size={13} stroke={1.75} aria-hidden />,
      color: 'var(--mantine-color-red-text)',
    },
    SCHEDULED: {
      label: 'Scheduled',
      icon: <IconClockShare size={13} stroke={1.75} aria-hidden />,
      color: 'var(--mantine-color-blue-text)',
    },
    CANCELED: { label: 'Not sent', icon: <IconClockX size={13} stroke={1.75} aria-hidden /> },
  };
  const { label, icon, color } = display[status];
  return (
    <span className={classes.statusLine} style={{ color }}>
      {icon}
      <span>{label}</span>
    </span>
  );
}

const bubbleClass = {
  LEAD: classes.fromLead,
  USER: classes.fromUser,
  ASSISTANT: classes.fromAssistant,
  SYSTEM: classes.fromSystem,
} as const;

/** Under a lead's STOP or START: what it changed. */
function OptStatusChangeNote({ status }: { status: 'OPT_OUT' | 'OPT_IN' }) {
  const isOptOut = status === 'OPT_OUT';
  return (
    <span className={`${classes.messageNote} ${isOptOut ? classes.optOutNote : ''}`}>
      {isOptOut ? (
        <IconMessageOff size={13} stroke={1.75} aria-hidden />
      ) : (
        <IconMessageCheck size={13} stroke={1.75} aria-hidden />
      )}
      {isOptOut ? 'Opted out of texts' : 'Opted back in to texts'}
    </span>
  );
}

/** An MMS whose images the server is still fetching from the carrier. */
function PendingMediaNote({ count }: { count: number }) {
  return (
    <span className={classes.messageNote} role="status">
      <IconPhoto size={13} stroke={1.75} aria-hidden />
      {count === 1 ? '1 image loading…' : `${count} images loading…`}
      <Loader size={10} aria-hidden />
    </span>
  );
}

type FailureNoteProps = {
  event: ConversationEvent;
  isRetrying: boolean;
  onRetry?: (event: ConversationEvent) => void;
  onSendByEmail?: (event: ConversationEvent) => void;
};

/**
 * Under a failed message: what happened and what to do, in words (the contract's table of carrier
 * codes), then 'Retry' and, for a text, 'Send by email instead'. A message retried already says so.
 */
function FailureNote({ event, isRetrying, onRetry, onSendByEmail }: FailureNoteProps) {
  const { failureReason, failureAction, retriedBy } = event.data;
  const canRetry = onRetry !== undefined && retriedBy === undefined;
  const canEmail = onSendByEmail !== undefined && event.eventType === 'SMS';
  return (
    <div className={classes.failure} role="group" aria-label="Why it failed">
      <span className={classes.failureReason}>
        <IconAlertCircle size={13} stroke={1.75} aria-hidden />
        <span>{failureReason ?? 'The message could not be delivered.'}</span>
      </span>
      {failureAction && <span className={classes.failureAction}>{failureAction}</span>}
      {retriedBy !== undefined && (
        <span className={classes.messageNote}>
          <IconRefresh size={13} stroke={1.75} aria-hidden />
          Retried: see the new attempt below
        </span>
      )}
      {(canRetry || canEmail) && (
        <div className={classes.failureButtons}>
          {canRetry && (
            <Button
              size="compact-xs"
              variant="light"
              color="red"
              leftSection={<IconRefresh size={13} stroke={1.75} aria-hidden />}
              loading={isRetrying}
              onClick={() => onRetry(event)}
            >
              Retry
            </Button>
          )}
          {canEmail && (
            <Button
              size="compact-xs"
              variant="default"
              leftSection={<IconMail size={13} stroke={1.75} aria-hidden />}
              onClick={() => onSendByEmail(event)}
            >
              Send by email instead
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

export type MessageBubbleProps = {
  event: ConversationEvent;
  onViewFormattedEmail: (event: ConversationEvent) => void;
  /** This email is the one the composer answers. */
  isReplySelected?: boolean;
  /** Given when the lead's emails can be answered: clicking one selects it, again deselects it. */
  onEmailClick?: (event: ConversationEvent) => void;
  /** Given when failed messages may be retried: 'Retry' sends a new attempt. */
  onRetry?: (event: ConversationEvent) => void;
  /** This message's retry is being asked for. */
  isRetrying?: boolean;
  /** Given when the lead can be emailed: a failed text offers to go by email instead. */
  onSendByEmail?: (event: ConversationEvent) => void;
  /** Given when scheduled messages may be changed: 'Edit', 'Cancel', 'Send now'. */
  scheduledActions?: ScheduledMessageActions;
};

/** An SMS or email: the lead's on the left, staff and assistant replies on the right. */
export function MessageBubble({
  event,
  onViewFormattedEmail,
  isReplySelected = false,
  onEmailClick,
  onRetry,
  isRetrying = false,
  onSendByEmail,
  scheduledActions,
}: MessageBubbleProps) {
  const isEmail = event.eventType === 'EMAIL';
  // A system text is ours, sent by itself (the confirmation of a STOP, the HELP answer); a
  // system email came to us from a program.
  const isAutomaticText = !isEmail && event.senderType === 'SYSTEM';
  const isIncoming = event.senderType === 'LEAD' || (isEmail && event.senderType === 'SYSTEM');
  const isAssistant = event.senderType === 'ASSISTANT';
  // An automatic text says what it is when it has a name ('Tour reminder').
  const senderName = isAutomaticText
    ? (event.senderName ?? 'Automatic reply')
    : (event.senderName ?? (isAssistant ? 'Assistant' : 'Unknown sender'));
  const optStatusChange = event.senderType === 'LEAD' ? readOptStatusChange(event) : null;
  const pendingMedia = countPendingMedia(event);
  const isFailed = event.sendingStatus === 'FAILED';
  // Their note under the bubble says it all: when it leaves, or why it never will.
  const isScheduledOrCanceled =
    event.sendingStatus === 'SCHEDULED' || event.sendingStatus === 'CANCELED';
  const scheduleClass =
    event.sendingStatus === 'SCHEDULED'
      ? classes.scheduled
      : event.sendingStatus === 'CANCELED'
        ? classes.canceled
        : '';
  const images = event.attachmentsUrls;
  // Files that are no image shown: an email's (either way) and an MMS's (a vCard, a PDF).
  const files = event.data.otherAttachments ?? [];
  const isReplyable = isEmail && event.senderType === 'LEAD' && onEmailClick !== undefined;

  function handleReplyClick() {
    onEmailClick?.(event);
  }

  /**
   * The whole bubble answers a click; its own links and buttons (attachments, translation, the
   * formatted view) keep theirs. Keyboard users have the 'Reply' button.
   */
  function handleBubbleClick(clickEvent: MouseEvent<HTMLDivElement>) {
    if (!isReplyable) return;
    if ((clickEvent.target as Element).closest('a, button')) return;
    // Selecting text to copy it is not a click on the email.
    if (window.getSelection()?.toString()) return;
    onEmailClick?.(event);
  }

  // One child or none: with none, the avatar shows the sender's initials (two empty children
  // would leave a blank circle).
  const avatarIcon = event.iconURL ? null : isAssistant ? (
    <IconRobot size={18} stroke={1.75} />
  ) : isAutomaticText ? (
    <IconMessageBolt size={18} stroke={1.75} />
  ) : null;

  return (
    <div className={`${classes.message} ${isIncoming ? classes.incoming : classes.outgoing}`}>
      <Avatar
        src={event.iconURL}
        name={senderName}
        alt={senderName}
        color={isAssistant ? 'teal' : isAutomaticText ? 'gray' : 'initials'}
        size={32}
        radius="xl"
      >
        {avatarIcon}
      </Avatar>
      <div className={classes.messageColumn}>
        <div className={classes.messageMeta}>
          <span className={classes.senderName}>{senderName}</span>
          {isAssistant && (
            <Badge size="xs" variant="light" color="teal" radius="sm">
              Assistant
            </Badge>
          )}
          {isEmail && event.data.senderVerified === false && (
            <Tooltip label="SPF, DKIM or DMARC failed: this email may not be from the lead">
              <Badge
                size="xs"
                variant="light"
                color="orange"
                radius="sm"
                leftSection={<IconAlertTriangle size={11} aria-hidden />}
                aria-label="Sender not verified: this email may not be from the lead"
              >
                Sender not verified
              </Badge>
            </Tooltip>
          )}
          {isEmail && event.data.senderVerified === null && (
            <Tooltip label="No SPF, DKIM or DMARC answer for the sender's domain: read with care">
              <Badge
                size="xs"
                variant="light"
                color="gray"
                radius="sm"
                aria-label="Sender could not be verified: no records for the sender's domain could be checked"
              >
                Sender could not be verified
              </Badge>
            </Tooltip>
          )}
          {isEmail && isAutoSubmitted(event) && (
            <Badge size="xs" variant="light" color="gray" radius="sm">
              Automatic reply
            </Badge>
          )}
          <span className={classes.statusLine}>
            {isEmail ? (
              <IconMail size={13} stroke={1.75} aria-hidden />
            ) : (
              <IconMessage size={13} stroke={1.75} aria-hidden />
            )}
            {isEmail ? 'Email' : 'SMS'}
          </span>
          <span aria-hidden>·</span>
          <time dateTime={event.date}>{formatTime(event.date)}</time>
        </div>
        <div
          className={`${classes.bubble} ${bubbleClass[event.senderType]} ${isFailed ? classes.failed : ''} ${scheduleClass} ${isReplyable ? classes.replyable : ''}`}
          data-reply-selected={isReplySelected || undefined}
          onClick={isReplyable ? handleBubbleClick : undefined}
        >
          {isEmail && event.subject && (
            <div className={classes.subject}>
              <HighlightedText text={event.subject} />
            </div>
          )}
          <MessageText
            text={event.body}
            translation={event.data.translation?.body?.textInEnglish}
          />
          {images.length > 0 && (
            <div className={classes.thumbnails}>
              {images.map((attachment, index) => (
                <AttachmentThumbnail key={`${attachment.url}-${index}`} attachment={attachment} />
              ))}
            </div>
          )}
          <FileChips files={files} className={classes.thumbnails} />
          {((isEmail && event.data.html) || isReplyable) && (
            <div className={classes.bubbleActions}>
              {isEmail && event.data.html && (
                <Anchor
                  component="button"
                  type="button"
                  size="xs"
                  onClick={() => onViewFormattedEmail(event)}
                >
                  View formatted email
                </Anchor>
              )}
              {isReplyable && (
                <Anchor
                  component="button"
                  type="button"
                  size="xs"
                  className={classes.replyButton}
                  aria-pressed={isReplySelected}
                  onClick={handleReplyClick}
                >
                  <IconArrowBackUp size={13} stroke={1.75} aria-hidden />
                  {isReplySelected ? 'Replying' : 'Reply'}
                </Anchor>
              )}
            </div>
          )}
        </div>
        {pendingMedia > 0 && <PendingMediaNote count={pendingMedia} />}
        {optStatusChange && <OptStatusChangeNote status={optStatusChange} />}
        {!isEmail && event.senderType === 'LEAD' && event.data.optOutReview && (
          <OptOutReviewPrompt event={event} />
        )}
        {isEmail && event.senderType === 'LEAD' && event.data.senderVerified === false && (
          <SenderCheckPrompt event={event} />
        )}
        {!isIncoming && event.sendingStatus && !isScheduledOrCanceled && (
          <div className={classes.messageMeta}>
            <SendingStatusLine status={event.sendingStatus} channel={isEmail ? 'EMAIL' : 'SMS'} />
            {event.data.retryOf !== undefined && <span>· Retry of a failed message</span>}
          </div>
        )}
        {!isIncoming && hasScheduleNote(event) && (
          <ScheduledMessageNote
            event={event}
            actions={scheduledActions}
            fallbackZone={Intl.DateTimeFormat().resolvedOptions().timeZone}
          />
        )}
        {!isIncoming && isFailed && (
          <FailureNote
            event={event}
            isRetrying={isRetrying}
            onRetry={onRetry}
            onSendByEmail={onSendByEmail}
          />
        )}
      </div>
    </div>
  );
}
