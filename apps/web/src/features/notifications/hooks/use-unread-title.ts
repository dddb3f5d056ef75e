import { useEffect } from 'react';
import { PRODUCT_NAME } from '../../../config/product';

/** The tab's title with the unread count in front: "(3) Leasing console". */
export function unreadTitle(unreadCount: number): string {
  return unreadCount > 0 ? `(${unreadCount}) ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** Keeps the tab's title counting the unread notifications while the bell is on the page. */
export function useUnreadTitle(unreadCount: number): void {
  useEffect(() => {
    document.title = unreadTitle(unreadCount);
  }, [unreadCount]);
  useEffect(
    () => () => {
      document.title = PRODUCT_NAME;
    },
    [],
  );
}
