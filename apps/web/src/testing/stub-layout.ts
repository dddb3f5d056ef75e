import { onTestFinished } from 'vitest';

type LayoutOptions = {
  /** Height of the conversation timeline's scroll container. */
  viewportHeight?: number;
  /** Height of every measured timeline row. */
  rowHeight?: number;
};

/**
 * jsdom lays nothing out: every size is 0, so a virtualized list would show nothing. This gives the
 * timeline's scroll container and its rows fixed sizes for the current test.
 */
export function stubTimelineLayout({ viewportHeight = 4000, rowHeight = 80 }: LayoutOptions = {}) {
  const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.getAttribute('aria-label') === 'Conversation timeline' ? viewportHeight : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute('data-index') ? rowHeight : 0;
    },
  });
  onTestFinished(() => {
    // clientHeight lives on Element.prototype; removing the override brings it back.
    Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
    if (offsetHeight) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
  });
}

/** jsdom has no `scrollTo` on elements: this one moves `scrollTop` as a browser would. */
export function stubElementScrollTo() {
  const own = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTo');
  Object.defineProperty(Element.prototype, 'scrollTo', {
    configurable: true,
    value(this: Element, options: ScrollToOptions) {
      if (options.top !== undefined) this.scrollTop = options.top;
    },
  });
  onTestFinished(() => {
    if (own) Object.defineProperty(Element.prototype, 'scrollTo', own);
    else Reflect.deleteProperty(Element.prototype, 'scrollTo');
  });
}
