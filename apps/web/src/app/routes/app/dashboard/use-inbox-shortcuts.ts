import type { RefObject } from 'react';
import { useShortcut } from '../../../../features/shortcuts/hooks/use-shortcut';
import { moveListSelection } from '../../../../features/shortcuts/utils/move-list-selection';

/** The inbox's keys while it is shown: `j`/`k` move, `f` follows up the selected row, `/` searches. */
export function useInboxShortcuts(inboxRef: RefObject<HTMLElement | null>, enabled: boolean) {
  useShortcut('j', () => moveListSelection(inboxRef.current, 'next'), {
    description: 'Next lead',
    enabled,
  });
  useShortcut('k', () => moveListSelection(inboxRef.current, 'previous'), {
    description: 'Previous lead',
    enabled,
  });
  // `f` on the selected row opens that row's 'Follow up' menu.
  useShortcut(
    'f',
    () =>
      inboxRef.current
        ?.querySelector('[role="list"] [data-active]')
        ?.closest('[role="listitem"]')
        ?.querySelector<HTMLButtonElement>('button[aria-label^="Follow up with "]')
        ?.click(),
    { description: 'Set a follow-up', enabled },
  );
  useShortcut(
    '/',
    () =>
      inboxRef.current
        ?.querySelector<HTMLInputElement>('input[aria-label="Search leads"]')
        ?.focus(),
    { description: 'Search leads', enabled },
  );
}
