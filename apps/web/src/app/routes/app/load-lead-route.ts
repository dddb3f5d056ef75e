/**
 * The lead's page (its route module and everything it imports). The router loads it when a lead
 * is opened; the inbox asks for it once it has shown its rows and the browser is idle, so opening
 * a lead from there waits for the lead's data only.
 */
export const loadLeadRoute = () => import('./lead-escalation');

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** Loads the lead's page when the browser is next idle (within 2 s); answers how to cancel. */
export function loadLeadRouteWhenIdle(): () => void {
  const idle = window as IdleWindow;
  if (idle.requestIdleCallback && idle.cancelIdleCallback) {
    const handle = idle.requestIdleCallback(() => void loadLeadRoute(), { timeout: 2000 });
    return () => idle.cancelIdleCallback!(handle);
  }
  const handle = window.setTimeout(() => void loadLeadRoute(), 200);
  return () => window.clearTimeout(handle);
}
