import { useCallback, useRef } from 'react';

/**
 * Puts the keyboard in the composer rendered inside `slotRef`'s element: in its message, after the
 * message's text, or in an email's subject. The last two wait a frame, for what closes first (a
 * dialog handing its focus back, a mode switch rendering the subject).
 */
export function useComposerFocus() {
  const slotRef = useRef<HTMLDivElement>(null);

  const focusMessage = useCallback((options?: FocusOptions) => {
    slotRef.current?.querySelector('textarea')?.focus(options);
  }, []);

  const focusMessageEnd = useCallback(() => {
    requestAnimationFrame(() => {
      const textarea = slotRef.current?.querySelector('textarea');
      textarea?.focus();
      textarea?.setSelectionRange(textarea.value.length, textarea.value.length);
    });
  }, []);

  const focusSubject = useCallback(() => {
    requestAnimationFrame(() =>
      slotRef.current?.querySelector<HTMLInputElement>('input[aria-label="Subject"]')?.focus(),
    );
  }, []);

  return { slotRef, focusMessage, focusMessageEnd, focusSubject };
}
