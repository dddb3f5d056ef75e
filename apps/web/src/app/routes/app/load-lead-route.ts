/**
 * The lead's page (its route module and everything it imports). The router loads it when a lead
 * is opened; the inbox asks for it once it has shown its rows and the browser is idle, so opening
 * a lead from there waits for the lead's data only.
 */
export const loadLeadRoute = () => import('./lead-escalation');

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
};

/** Loads the lead's page when the browser is next idle (within 2 s). */
export function loadLeadRouteWhenIdle(): void {
  const idle = window as IdleWindow;
  if (idle.requestIdleCallback)
    idle.requestIdleCallback(() => void loadLeadRoute(), { timeout: 2000 });
  else window.setTimeout(() => void loadLeadRoute(), 200);
}
