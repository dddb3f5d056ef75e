/**
 * Moves a roving-focus list's selection (the inbox: its rows are links, the selected one
 * `data-active`, and ↑/↓ move it, scrolling a virtualized list as needed): the first press
 * focuses the selected row, the next ones press ↓ or ↑ on it, so the list's own keyboard
 * handling (and its virtualizer) does the moving.
 */
export function moveListSelection(
  container: HTMLElement | null,
  direction: 'next' | 'previous',
): void {
  const selected = container?.querySelector<HTMLElement>('[role="list"] [data-active]');
  if (!container || !selected) return;
  const focused = document.activeElement;
  const isOnRow = focused instanceof HTMLElement && focused.closest('[data-active]') === focused;
  if (!isOnRow || !container.contains(focused)) {
    selected.focus();
    return;
  }
  focused.dispatchEvent(
    new KeyboardEvent('keydown', {
      key: direction === 'next' ? 'ArrowDown' : 'ArrowUp',
      bubbles: true,
      cancelable: true,
    }),
  );
}
