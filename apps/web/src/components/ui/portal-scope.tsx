import { MantineThemeProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import type { ReactNode } from 'react';

export type PortalScopeProps = {
  /** Where dialogs, menus and toasts of `children` render; null leaves them on the page body. */
  target: HTMLElement | null;
  children: ReactNode;
};

/**
 * In browser full screen only the full-screen element is drawn, so dialogs and menus portaled to
 * the body would open unseen. While there is a target, everything portaled from `children` goes
 * there, and toasts get a second container inside it. The tree stays the same either way, so
 * entering full screen keeps drafts and scroll positions.
 */
export function PortalScope({ target, children }: PortalScopeProps) {
  const theme = useMemo(
    () => ({ components: { Portal: { defaultProps: { target: target ?? undefined } } } }),
    [target],
  );
  return (
    <MantineThemeProvider theme={theme}>
      {target && <Notifications position="bottom-left" withinPortal={false} />}
      {children}
    </MantineThemeProvider>
  );
}
