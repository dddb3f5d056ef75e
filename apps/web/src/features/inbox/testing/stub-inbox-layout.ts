import { onTestFinished } from 'vitest';

/**
 * jsdom lays nothing out, so the virtualized inbox would think its viewport has no height and draw
 * no rows. This gives the list's scroll container a height for the current test (the rows have a
 * fixed height of their own).
 */
export function stubInboxLayout(viewportHeight = 2000) {
  const own = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      if (this.getAttribute('aria-label') === 'Leads') return viewportHeight;
      return own?.get ? (own.get.call(this) as number) : 0;
    },
  });
  onTestFinished(() => {
    // clientHeight lives on Element.prototype; removing the override brings it back.
    if (own) Object.defineProperty(HTMLElement.prototype, 'clientHeight', own);
    else Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
  });
}
