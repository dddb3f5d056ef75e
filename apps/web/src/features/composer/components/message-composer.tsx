import type { ConversationEvent, Lead, User } from '@leasing/contract';
import { ActionIcon, CloseButton, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowBackUp,
  IconBan,
  IconPaperclip,
  IconSend2,
  IconTemplate,
} from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { ChangeEvent, FormEvent, KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { ApiRequestError } from '../../../lib/api-client';
import { STALE_DRAFT_CODE } from '@leasing/contract';
import type { QuietHoursError } from '@leasing/contract';
import { findNewActivity } from '../utils/new-activity';
import { HeldSendPrompt } from './held-send-prompt';
import { QuietHoursPrompt } from './quiet-hours-prompt';
import { useSendEmail } from '../api/send-email';
import { useSendSms } from '../api/send-sms';
import type { Composer } from '../hooks/use-composer';
import {
  ATTACHMENT_ACCEPT,
  EMAIL_ATTACHMENT_ACCEPT,
  NOT_AN_IMAGE_MESSAGE,
  sortPickedFiles,
  type FileRefusal,
} from '../../../lib/attachments';
import { checkDraft, NO_SUBJECT_REASON } from '../utils/draft-validation';
import { countSmsSegments, formatSmsCount } from '../utils/sms-segments';
import { ComposerAvatar } from './composer-avatar';
import { AttachmentPreviews } from './attachment-previews';
import { AttachmentRefusals } from './attachment-refusals';
import { EmojiButton } from './emoji-button';
import { ModeToggle } from './mode-toggle';
import { SendLaterMenu, type SendLaterSchedule } from './send-later-menu';
import { useMediaQuery } from '@mantine/hooks';
import classes from './composer.module.css';

const isApplePlatform =
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);
const SEND_SHORTCUT_HINT = isApplePlatform ? '⌘ Enter to send' : 'Ctrl + Enter to send';

export type MessageComposerProps = {
  composer: Composer;
  lead: Pick<Lead, '_id' | 'companyID' | 'companyStatus' | 'conversations'>;
  /** The lead's time zone: 'Send later' choices are on their clock. */
  leadTimeZone: string;
  /** The signed-in user: the avatar, and the sender of emails. Null while unknown. */
  sender: Pick<User, '_id' | 'name' | 'picture'> | null;
  /** The message was accepted; `event` is what the server queued. */
  onSent: (event: ConversationEvent) => void;
  /** The message field changed while it has text (colleagues see "… is typing"). */
  onTyping?: () => void;
  /** The message field emptied, lost focus, or its message was sent. */
  onTypingStopped?: () => void;
  /** 'Review' on a held send: show the timeline's newest events. */
  onReview?: () => void;
  /**
   * Opens the template picker ('/' at the start of an empty message, or 'Templates'); no
   * templates are offered without it.
   */
  onOpenTemplates?: () => void;
};

/** A send the reply guard held, with its 'Send later' time if it had one. */
type Held = { eventIds: string[]; schedule?: SendLaterSchedule };

/** A text the server held for the lead's quiet hours, and whether its send skipped the reply guard. */
type Quiet = { error: QuietHoursError; force: boolean };

type SendOptions = {
  /** Past the reply guard ('Send anyway'). */
  force?: boolean;
  /** Past the lead's quiet hours ('Send now'). */
  quietHoursOverride?: boolean;
  /** 'Send later', or the quiet-hours prompt's 'Schedule': when it leaves instead of now. */
  schedule?: SendLaterSchedule;
};

/**
 * The composer under the timeline: SMS (text and images) or email (subject, text and files,
 * optionally answering one of the lead's emails). Read-only, saying why, when the lead cannot be reached.
 */
export function MessageComposer({
  composer,
  lead,
  leadTimeZone,
  sender,
  onSent,
  onTyping,
  onTypingStopped,
  onReview,
  onOpenTemplates,
}: MessageComposerProps) {
  const { mode, modes, subject, text, attachments, replyTo } = composer;
  // A touch screen has no Ctrl + Enter: no keyboard hint there.
  const isTouch = useMediaQuery('(pointer: coarse)') ?? false;
  const sendHint = isTouch ? 'Send' : SEND_SHORTCUT_HINT;
  const sendSms = useSendSms(lead._id);
  const sendEmail = useSendEmail(lead._id);
  const [failure, setFailure] = useState<string | null>(null);
  const [held, setHeld] = useState<Held | null>(null);
  const [quiet, setQuiet] = useState<Quiet | null>(null);
  /** Why a send just asked for (Send, Ctrl+Enter) could not go; shown while it still holds. */
  const [refusedBecause, setRefusedBecause] = useState<string | null>(null);
  /** The files of the last selection that were not attached, and why. */
  const [refusedFiles, setRefusedFiles] = useState<FileRefusal[]>([]);
  const subjectRef = useRef<HTMLInputElement>(null);
  /** Messages this console sent: never "new activity" for its own next message. */
  const sentIds = useRef(new Set<string>());
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);

  const isReadOnly = mode === null;
  const isSending = sendSms.isPending || sendEmail.isPending;
  const check = checkDraft({
    mode,
    subject,
    text,
    attachments: attachments.map((attachment) => attachment.file),
  });
  const canSend = check.canSend && !isSending && (mode !== 'EMAIL' || sender !== null);
  // Every way Send can be off says why: on the button's tooltip and, once tried, under the fields.
  const blockedReason = isReadOnly ? modes.readOnlyReason : check.blockedReason;
  const refusal =
    refusedBecause !== null && refusedBecause === blockedReason ? refusedBecause : null;

  function isMine(event: ConversationEvent) {
    return (
      sentIds.current.has(event._id) ||
      (event.senderType === 'USER' && sender !== null && event.senderName === sender.name)
    );
  }

  function send({ force = false, quietHoursOverride, schedule }: SendOptions = {}) {
    if (!canSend) {
      if (isSending || blockedReason === null) return;
      setRefusedBecause(blockedReason);
      if (blockedReason === NO_SUBJECT_REASON) subjectRef.current?.focus();
      return;
    }
    // What the live updates already brought holds the send at once; the server checks anyway.
    const fresh = force ? [] : findNewActivity(lead.conversations, composer.basedOnEventId, isMine);
    if (fresh.length > 0) {
      setHeld({ eventIds: fresh, schedule });
      return;
    }
    setHeld(null);
    setQuiet(null);
    const idempotencyKey = composer.takeSendKey();
    const guard = {
      basedOnEventId: composer.basedOnEventId ?? undefined,
      force: force || undefined,
      templateId: composer.templateId ?? undefined,
      ...(schedule ?? {}),
    };
    const callbacks = {
      onSuccess: (event: ConversationEvent) => {
        sentIds.current.add(event._id);
        composer.reset();
        setRefusedFiles([]);
        onTypingStopped?.();
        onSent(event);
        textareaRef.current?.focus();
      },
      // The draft stays as it was, with its key: sending it again cannot send it twice.
      onError: (error: Error) => {
        if (error instanceof ApiRequestError && error.code === STALE_DRAFT_CODE) {
          setHeld({ eventIds: error.newEventIds, schedule });
        } else if (error instanceof ApiRequestError && error.quietHours) {
          setQuiet({ error: error.quietHours, force });
        } else {
          setFailure(error.message);
        }
      },
    };
    if (mode === 'SMS') {
      sendSms.mutate(
        {
          leadID: lead._id,
          text,
          attachments: attachments.map((attachment) => attachment.file),
          idempotencyKey,
          ...guard,
          quietHoursOverride,
        },
        callbacks,
      );
    } else if (mode === 'EMAIL' && sender) {
      sendEmail.mutate(
        {
          leadID: lead._id,
          companyID: lead.companyID,
          sentByUserID: sender._id,
          subject,
          text,
          messageId: replyTo?._id ?? null,
          attachments: attachments.map((attachment) => attachment.file),
          idempotencyKey,
          ...guard,
        },
        callbacks,
      );
    }
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    send();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    // Keys pressed in portaled children (the emoji picker, the alert) reach here too: not theirs.
    if (!event.currentTarget.contains(event.target as Node)) return;
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      send();
    }
  }

  /** Enter in the subject goes on to the message instead of sending half a draft. */
  function handleSubjectKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      textareaRef.current?.focus();
    }
  }

  function handleAttachClick() {
    fileInputRef.current?.click();
  }

  function handleFilesChosen(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    // Cleared every time: choosing the same file again must fire a change too.
    input.value = '';
    if (files.length === 0 || mode === null) return;
    const picked = sortPickedFiles(
      mode,
      attachments.map((attachment) => attachment.file),
      files,
    );
    // A text keeps the spec's toast; the note below names the files it did not take.
    if (mode === 'SMS' && picked.refused.length > 0) {
      notifications.show({ color: 'red', message: NOT_AN_IMAGE_MESSAGE });
    }
    setRefusedFiles(picked.refused);
    if (picked.kept.length > 0) composer.addAttachments(picked.kept);
  }

  function handleSelectMode(next: Parameters<Composer['selectMode']>[0]) {
    setRefusedFiles([]);
    composer.selectMode(next);
  }

  /** Inserts at the caret (over a selection) and puts the caret after the emoji. */
  function handleEmojiPick(emoji: string) {
    const textarea = textareaRef.current;
    const start = textarea?.selectionStart ?? text.length;
    const end = textarea?.selectionEnd ?? text.length;
    // Rendered at once, so the caret can be placed in the new text.
    flushSync(() => composer.setText(text.slice(0, start) + emoji + text.slice(end)));
    textarea?.focus();
    textarea?.setSelectionRange(start + emoji.length, start + emoji.length);
  }

  function handleSchedule(schedule: SendLaterSchedule) {
    send({ schedule });
  }

  function handleSendAnyway() {
    send({ force: true, schedule: held?.schedule });
  }

  /** The same message at the first moment the lead's allowed hours begin. */
  function handleScheduleAtAllowedTime() {
    if (quiet) {
      send({
        force: quiet.force,
        schedule: { sendAt: quiet.error.nextAllowedAt, keepIfLeadReplies: false },
      });
    }
  }

  function handleSendNow() {
    if (quiet) send({ force: quiet.force, quietHoursOverride: true });
  }

  /** Shows what is new and takes it as seen: the next send is based on it. */
  function handleReview() {
    composer.rebase(held?.eventIds.at(-1) ?? null);
    setHeld(null);
    onReview?.();
  }

  /** '/' as the first character of an empty message asks for a template instead. */
  function handleTextKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (
      onOpenTemplates &&
      event.key === '/' &&
      text === '' &&
      !event.ctrlKey &&
      !event.metaKey &&
      !event.altKey
    ) {
      event.preventDefault();
      onOpenTemplates();
    }
  }

  function handleTextChange(event: ChangeEvent<HTMLTextAreaElement>) {
    const value = event.currentTarget.value;
    composer.setText(value);
    if (value.trim() === '') onTypingStopped?.();
    else onTyping?.();
  }

  function handleCloseFailure() {
    setFailure(null);
  }

  const attachDisabledReason = isReadOnly ? modes.readOnlyReason : null;
  const attachLabel = mode === 'EMAIL' ? 'Attach files' : 'Attach images';

  return (
    <form
      className={classes.composer}
      aria-label="Message composer"
      onSubmit={handleSubmit}
      onKeyDown={handleKeyDown}
      noValidate
    >
      {modes.readOnlyReason && (
        <div className={classes.readOnly} role="note">
          <IconBan size={16} stroke={1.75} aria-hidden />
          <span>{modes.readOnlyReason}</span>
        </div>
      )}

      <div className={classes.toolbar}>
        <ModeToggle
          mode={mode}
          unavailable={modes.unavailable}
          disabled={isSending}
          onSelect={handleSelectMode}
        />
        <Tooltip
          label={attachDisabledReason ?? attachLabel}
          withArrow
          events={{ hover: true, focus: attachDisabledReason !== null, touch: false }}
        >
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={attachLabel}
            aria-disabled={attachDisabledReason !== null || isSending || undefined}
            data-disabled={attachDisabledReason !== null || isSending || undefined}
            onClick={attachDisabledReason === null && !isSending ? handleAttachClick : undefined}
          >
            <IconPaperclip size={19} stroke={1.75} />
          </ActionIcon>
        </Tooltip>
        <input
          ref={fileInputRef}
          type="file"
          accept={mode === 'EMAIL' ? EMAIL_ATTACHMENT_ACCEPT : ATTACHMENT_ACCEPT}
          multiple
          hidden
          tabIndex={-1}
          aria-hidden
          onChange={handleFilesChosen}
        />
        {onOpenTemplates && (
          <Tooltip
            label={isReadOnly ? modes.readOnlyReason : 'Templates (type / in an empty message)'}
            withArrow
          >
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label="Templates"
              aria-disabled={isReadOnly || isSending || undefined}
              data-disabled={isReadOnly || isSending || undefined}
              onClick={isReadOnly || isSending ? undefined : onOpenTemplates}
            >
              <IconTemplate size={19} stroke={1.75} />
            </ActionIcon>
          </Tooltip>
        )}
        {replyTo && (
          <div className={classes.replying}>
            <IconArrowBackUp size={15} stroke={1.75} aria-hidden />
            <span className={classes.replyingText}>
              Replying to: {replyTo.subject ?? '(no subject)'}
            </span>
            <CloseButton
              size="sm"
              aria-label="Cancel reply"
              disabled={isSending}
              onClick={composer.clearReply}
            />
          </div>
        )}
      </div>

      {mode === 'EMAIL' && (
        <TextInput
          ref={subjectRef}
          aria-label="Subject"
          placeholder="Subject"
          required
          size="sm"
          value={subject}
          readOnly={isSending}
          error={check.subjectError ?? (refusal === NO_SUBJECT_REASON ? refusal : null)}
          onChange={(event) => composer.setSubject(event.currentTarget.value)}
          onKeyDown={handleSubjectKeyDown}
          className={classes.subject}
        />
      )}

      {held && (
        <HeldSendPrompt
          count={held.eventIds.length}
          isSending={isSending}
          onSendAnyway={handleSendAnyway}
          onReview={handleReview}
        />
      )}

      {quiet && mode === 'SMS' && (
        <QuietHoursPrompt
          quietHours={quiet.error}
          isSending={isSending}
          onSchedule={handleScheduleAtAllowedTime}
          onSendNow={handleSendNow}
        />
      )}

      <div className={classes.inputRow}>
        <div className={classes.avatar}>
          <ComposerAvatar companyStatus={lead.companyStatus} sender={sender} />
        </div>
        <Textarea
          ref={textareaRef}
          aria-label="Message"
          placeholder="Send a message to the lead"
          value={text}
          disabled={isReadOnly}
          readOnly={isSending}
          error={check.textError !== null}
          onChange={handleTextChange}
          onKeyDown={handleTextKeyDown}
          onBlur={onTypingStopped}
          autosize
          minRows={1}
          maxRows={8}
          className={classes.message}
        />
        {/* A phone's keyboard has its own emoji: the picker would only take the message's room. */}
        {!isTouch && <EmojiButton disabled={isReadOnly || isSending} onPick={handleEmojiPick} />}
        <Tooltip
          label={canSend ? sendHint : (blockedReason ?? sendHint)}
          withArrow
          disabled={isSending}
          events={{ hover: true, focus: true, touch: true }}
        >
          <ActionIcon
            type="submit"
            size="lg"
            variant="filled"
            aria-label="Send"
            // A draft not ready yet keeps Send focusable, so its tooltip can say why; a read-only
            // composer says why above it.
            disabled={isReadOnly}
            aria-disabled={(!canSend && !isSending) || undefined}
            data-disabled={(!canSend && !isSending) || undefined}
            aria-description={!canSend && blockedReason ? blockedReason : undefined}
            loading={isSending}
          >
            <IconSend2 size={18} stroke={1.75} />
          </ActionIcon>
        </Tooltip>
        {!isReadOnly && (
          <SendLaterMenu
            leadZone={leadTimeZone}
            blockedReason={canSend || isSending ? null : blockedReason}
            isSending={isSending}
            onSchedule={handleSchedule}
          />
        )}
      </div>

      <AttachmentPreviews
        attachments={attachments}
        disabled={isSending}
        onRemove={composer.removeAttachment}
      />
      <AttachmentRefusals refusals={refusedFiles} />

      {refusal !== null &&
        refusal !== NO_SUBJECT_REASON &&
        refusal !== check.textError &&
        refusal !== check.attachmentsError && (
          <Text size="xs" c="red" role="alert" className={classes.problem}>
            {refusal}
          </Text>
        )}

      {[check.attachmentsError, check.textError].map(
        (problem) =>
          problem && (
            <Text key={problem} size="xs" c="red" role="alert" className={classes.problem}>
              {problem}
            </Text>
          ),
      )}

      {!isReadOnly && (
        <div className={classes.footer}>
          <span>{isTouch ? '' : SEND_SHORTCUT_HINT}</span>
          {mode === 'SMS' && text !== '' && <span>{formatSmsCount(countSmsSegments(text))}</span>}
        </div>
      )}

      <AlertDialog
        opened={failure !== null}
        title="Oops"
        message={failure ?? ''}
        buttonLabel="Ok"
        onClose={handleCloseFailure}
      />
    </form>
  );
}
