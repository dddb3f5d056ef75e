import type { ConversationEvent, Lead, LeadDraft } from '@leasing/contract';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { getConversationModes } from '../utils/conversation-mode';
import type { ConversationMode, ConversationModes, ModeLead } from '../utils/conversation-mode';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { findEmailAwaitingReply, replySubject } from '../utils/reply';

export type DraftAttachment = { id: string; file: File };

/** The lead's email a draft answers. */
export type ReplyTarget = Pick<ConversationEvent, '_id' | 'subject'>;

export type Draft = {
  /** As chosen; see `mode` of the hook for the one in effect. */
  mode: ConversationMode | null;
  subject: string;
  text: string;
  attachments: DraftAttachment[];
  replyTo: ReplyTarget | null;
  /**
   * The reply guard's base: the newest event on the timeline when the writing started (null while
   * nothing is written). A send says it; the server holds the send if someone spoke since.
   */
  basedOnEventId: string | null;
  /** The template the draft was filled from (its use is counted when the message is sent). */
  templateId: string | null;
};

/** A template filled for the lead, as the composer takes it, with its files for the mode. */
export type FilledTemplate = {
  templateId: string;
  subject: string | null;
  body: string;
  files: File[];
};

export type ComposerLead = ModeLead & Pick<Lead, 'conversations'>;

function emptyDraft(mode: ConversationMode | null): Draft {
  return {
    mode,
    subject: '',
    text: '',
    attachments: [],
    replyTo: null,
    basedOnEventId: null,
    templateId: null,
  };
}

function answering(draft: Draft, email: ReplyTarget): Draft {
  return {
    ...draft,
    mode: 'EMAIL',
    attachments: [],
    subject: replySubject(email.subject),
    replyTo: { _id: email._id, subject: email.subject },
  };
}

/** The pane opens answering the lead's email when that is the newest thing they sent. */
function initialDraft(lead: ComposerLead, modes: ConversationModes): Draft {
  const awaiting =
    modes.unavailable.EMAIL === null ? findEmailAwaitingReply(lead.conversations) : null;
  const draft = emptyDraft(modes.start);
  return awaiting ? answering(draft, awaiting) : draft;
}

/** Writing has begun once there is text or an image: that moment is the reply guard's base. */
function hasWriting(draft: Draft): boolean {
  return draft.text.trim() !== '' || draft.attachments.length > 0;
}

let attachmentCounter = 0;

/**
 * The composer's draft and what changes it. The pane owns it, so the timeline (choosing an email to
 * answer) and the more-menu (choosing a mode) can change it too. Every edit retires the draft's
 * idempotency key: a changed draft is a new message.
 */
export function useComposer(lead: ComposerLead) {
  const modes = getConversationModes(lead);
  const [draft, setDraft] = useState(() => initialDraft(lead, modes));
  const [sendKey, setSendKey] = useState<string | null>(null);
  // Read when writing starts, from a handler: the newest event the writer has seen.
  const newest = lead.conversations[0]?._id ?? null;
  const newestEventId = useRef(newest);
  useLayoutEffect(() => {
    newestEventId.current = newest;
  }, [newest]);

  // A mode the lead has since become unreachable by (a refetch showed an opt-out) gives way.
  const mode =
    draft.mode !== null && modes.unavailable[draft.mode] === null ? draft.mode : modes.start;

  const edit = useCallback((change: (draft: Draft) => Draft) => {
    setDraft((current) => {
      const next = change(current);
      // Emptied: whatever comes next is no longer the template's message.
      if (!hasWriting(next)) return { ...next, basedOnEventId: null, templateId: null };
      if (!hasWriting(current) || next.basedOnEventId === null)
        return { ...next, basedOnEventId: newestEventId.current };
      return next;
    });
    setSendKey(null);
  }, []);

  /** Selects the email to answer, or deselects it and resets the form when it is the selected one. */
  const toggleReply = useCallback(
    (email: ConversationEvent) => {
      edit((current) =>
        current.replyTo?._id === email._id ? emptyDraft('EMAIL') : answering(current, email),
      );
    },
    [edit],
  );

  function selectMode(next: ConversationMode) {
    if (modes.unavailable[next] !== null || next === mode) return;
    edit((current) =>
      next === 'EMAIL'
        ? { ...current, mode: 'EMAIL', attachments: [] }
        : // An SMS answers no email: the reply and the subject it brought go, and the files
          // picked for the email (a text takes other files than an email).
          {
            ...current,
            mode: 'SMS',
            attachments: [],
            replyTo: null,
            subject: current.replyTo ? '' : current.subject,
          },
    );
  }

  /**
   * 'Send by email instead' of a failed text: an email draft holding its words. Offered only while
   * email is open to the lead (a closed mode gives way to the start mode anyway).
   */
  const writeEmail = useCallback(
    (text: string) => edit(() => ({ ...emptyDraft('EMAIL'), text })),
    [edit],
  );

  function clearReply() {
    edit(() => emptyDraft('EMAIL'));
  }

  function setSubject(subject: string) {
    edit((current) => ({ ...current, subject }));
  }

  function setText(text: string) {
    edit((current) => ({ ...current, text }));
  }

  /**
   * Fills the message (and the subject, when the template has one) for editing before sending;
   * the template's files become the attachments, removable like any picked file.
   */
  function applyTemplate(template: FilledTemplate) {
    const attachments = template.files.map((file) => ({
      id: `attachment-${++attachmentCounter}`,
      file,
    }));
    edit((current) => ({
      ...current,
      text: template.body,
      subject: template.subject ?? current.subject,
      attachments,
      templateId: template.templateId,
    }));
  }

  function addAttachments(files: File[]) {
    const added = files.map((file) => ({ id: `attachment-${++attachmentCounter}`, file }));
    edit((current) => ({ ...current, attachments: [...current.attachments, ...added] }));
  }

  function removeAttachment(id: string) {
    edit((current) => ({
      ...current,
      attachments: current.attachments.filter((attachment) => attachment.id !== id),
    }));
  }

  /** After a successful send: an empty draft in the same mode, and a new key for the next one. */
  function reset() {
    edit(() => emptyDraft(mode));
  }

  /** Puts back a draft saved on the server (the pane just opened), unless writing began already. */
  function restore(saved: LeadDraft) {
    setDraft((current) => {
      if (hasWriting(current)) return current;
      const replyTo =
        saved.mode === 'EMAIL' && saved.replyToEventId
          ? {
              _id: saved.replyToEventId,
              subject:
                lead.conversations.find((event) => event._id === saved.replyToEventId)?.subject ??
                null,
            }
          : null;
      return {
        mode: saved.mode,
        text: saved.text,
        subject: saved.subject ?? '',
        attachments: [],
        replyTo,
        basedOnEventId: saved.text.trim() === '' ? null : saved.basedOnEventId,
        templateId: null,
      };
    });
  }

  /** The writer has seen what is new up to `eventId` (they chose 'Review'): the draft is based on it. */
  function rebase(eventId: string | null) {
    setDraft((current) => ({ ...current, basedOnEventId: eventId ?? newestEventId.current }));
  }

  /** The key for sending the draft as it is: the same one until the draft changes or is sent. */
  function takeSendKey(): string {
    if (sendKey !== null) return sendKey;
    const key = newIdempotencyKey();
    setSendKey(key);
    return key;
  }

  return {
    modes,
    mode,
    subject: draft.subject,
    text: draft.text,
    attachments: mode === null ? [] : draft.attachments,
    replyTo: mode === 'EMAIL' ? draft.replyTo : null,
    basedOnEventId: draft.basedOnEventId,
    templateId: draft.templateId,
    /** Whether a lead's email may be chosen to answer. */
    canReply: modes.unavailable.EMAIL === null,
    toggleReply,
    selectMode,
    writeEmail,
    clearReply,
    setSubject,
    setText,
    applyTemplate,
    addAttachments,
    removeAttachment,
    reset,
    restore,
    rebase,
    takeSendKey,
  };
}

export type Composer = ReturnType<typeof useComposer>;
