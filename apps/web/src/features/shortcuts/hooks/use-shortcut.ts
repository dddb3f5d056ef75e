import { useEffect, useRef } from 'react';
import { registerShortcut } from '../utils/shortcut-registry';
import type { ShortcutHandler } from '../utils/shortcut-registry';

export type UseShortcutOptions = {
  /** What the key does, for the '?' list. */
  description: string;
  /** Off: the key does nothing here (e.g. no open decision to complete). */
  enabled?: boolean;
};

/**
 * While the calling component is mounted, `key` runs `handler` — never while the user types in a
 * field or holds a modifier (see ShortcutListener). The newest handler is used without
 * registering again.
 */
export function useShortcut(
  key: string,
  handler: ShortcutHandler,
  { description, enabled = true }: UseShortcutOptions,
): void {
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    if (!enabled) return;
    return registerShortcut({ key, description, handler: (event) => handlerRef.current(event) });
  }, [key, description, enabled]);
}
