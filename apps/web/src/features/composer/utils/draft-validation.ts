import {
  EMAIL_BODY_MAX_LENGTH,
  EMAIL_SUBJECT_MAX_LENGTH,
  SMS_MAX_LENGTH,
  sendEmailRequestSchema,
} from '@leasing/contract';
import type { z } from 'zod';
import { checkAttachmentLimits } from '../../../lib/attachments';
import type { ConversationMode } from './conversation-mode';

export type DraftFields = {
  mode: ConversationMode | null;
  subject: string;
  text: string;
  attachments: ReadonlyArray<Pick<File, 'size'>>;
};

export type DraftCheck = {
  /** The form is valid and holds something to send. */
  canSend: boolean;
  /** Shown under the field it concerns; null when there is nothing to say. */
  subjectError: string | null;
  textError: string | null;
  attachmentsError: string | null;
  /** Why the draft cannot be sent yet, in words for the Send button and Ctrl+Enter; null when it can. */
  blockedReason: string | null;
};

export const NO_SUBJECT_REASON = 'Add a subject to send an email';
export const NO_EMAIL_TEXT_REASON = 'Write a message to send an email';
export const NO_SMS_CONTENT_REASON = 'Write a message or attach an image to send a text';

const formatCount = (value: number) => value.toLocaleString('en-US');

/** An email's fields are checked by the request's own schema (trimmed, required, bounded). */
const emailSubjectSchema = sendEmailRequestSchema.shape.subject;
const emailTextSchema = sendEmailRequestSchema.shape.text;

/** Only a field over its limit is an error; an empty one just keeps Send disabled. */
const isTooLong = (check: z.ZodSafeParseResult<string>) =>
  !check.success && check.error.issues.some((issue) => issue.code === 'too_big');

/**
 * Whether a draft may be sent. SMS: text or an image, within Twilio's limits. Email: a subject and
 * text (its files are checked as they are picked). An empty field is not an error, only a reason to keep Send disabled.
 */
export function checkDraft({ mode, subject, text, attachments }: DraftFields): DraftCheck {
  const trimmedText = text.trim();
  if (mode === 'SMS') {
    const textError =
      trimmedText.length > SMS_MAX_LENGTH
        ? `An SMS can be at most ${formatCount(SMS_MAX_LENGTH)} characters.`
        : null;
    const attachmentsError = checkAttachmentLimits(attachments);
    const hasContent = trimmedText !== '' || attachments.length > 0;
    return {
      canSend: hasContent && textError === null && attachmentsError === null,
      subjectError: null,
      textError,
      attachmentsError,
      blockedReason: textError ?? attachmentsError ?? (hasContent ? null : NO_SMS_CONTENT_REASON),
    };
  }
  if (mode === 'EMAIL') {
    const subjectCheck = emailSubjectSchema.safeParse(subject);
    const textCheck = emailTextSchema.safeParse(text);
    const subjectError = isTooLong(subjectCheck)
      ? `A subject can be at most ${formatCount(EMAIL_SUBJECT_MAX_LENGTH)} characters.`
      : null;
    const textError = isTooLong(textCheck)
      ? `An email can be at most ${formatCount(EMAIL_BODY_MAX_LENGTH)} characters.`
      : null;
    return {
      canSend: subjectCheck.success && textCheck.success,
      subjectError,
      textError,
      attachmentsError: null,
      blockedReason:
        subjectError ??
        (subjectCheck.success ? null : NO_SUBJECT_REASON) ??
        textError ??
        (textCheck.success ? null : NO_EMAIL_TEXT_REASON),
    };
  }
  return {
    canSend: false,
    subjectError: null,
    textError: null,
    attachmentsError: null,
    blockedReason: null,
  };
}
