import type { SaveLeadDraftRequest } from '@leasing/contract';
import { useEffect, useRef } from 'react';
import { deleteLeadDraft, saveLeadDraft, useLeadDraft } from '../api/lead-draft';
import type { Composer } from './use-composer';

/** Typing pauses this long before the draft is saved. */
export const DRAFT_SAVE_DELAY_MS = 800;

function draftOf(composer: Composer): SaveLeadDraftRequest | null {
  if (composer.mode === null) return null;
  if (composer.text.trim() === '') return null;
  return {
    mode: composer.mode,
    text: composer.text,
    subject: composer.mode === 'EMAIL' ? composer.subject : null,
    replyToEventId: composer.replyTo?._id ?? null,
    basedOnEventId: composer.basedOnEventId,
  };
}

/**
 * Keeps the composer's draft on the server, per lead and user: loaded when the pane opens (unless
 * writing began already), saved 800 ms after the last change, right away when the pane closes or
 * the page goes away, and deleted once empty (a sent message empties it). Requests go one after
 * another, so a late save never brings back a draft deleted after it. Images are not kept.
 */
export function useServerDraft(leadID: string, composer: Composer, enabled = true) {
  const saved = useLeadDraft(leadID, enabled);
  const restored = useRef(false);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const lastWritten = useRef<string | null>(null);
  const pending = useRef<(() => void) | null>(null);

  const isLoaded = saved.isSuccess || saved.isError;
  const { restore } = composer;
  useEffect(() => {
    if (!isLoaded || restored.current) return;
    restored.current = true;
    // What the server holds now: nothing to write until the draft differs from it.
    lastWritten.current = saved.data ? 'on the server' : JSON.stringify(null);
    if (saved.data) restore(saved.data);
  }, [isLoaded, saved.data, restore]);

  const draft = draftOf(composer);
  const serialized = JSON.stringify(draft);
  useEffect(() => {
    if (!enabled || !restored.current) return;
    if (serialized === lastWritten.current) {
      // Back to what the server holds (a message sent before its text was saved): an earlier
      // change's write must not run when the pane closes and bring the sent text back.
      pending.current = null;
      return;
    }
    const write = () => {
      pending.current = null;
      lastWritten.current = serialized;
      chain.current = chain.current
        .then(() => (draft ? saveLeadDraft(leadID, draft) : deleteLeadDraft(leadID)))
        .catch(() => {
          // Offline or refused: the next change tries again.
          lastWritten.current = null;
        });
    };
    pending.current = write;
    const timer = setTimeout(write, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
    // `draft` is what `serialized` says.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, isLoaded, leadID, serialized]);

  // Leaving the lead or the page does not wait for the pause.
  useEffect(() => {
    const flush = () => pending.current?.();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);
}
