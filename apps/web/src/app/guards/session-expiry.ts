import { getRemoteConfig } from '../../features/config/api/get-remote-config';
import { getLastLogin } from '../../lib/storage';

export function isInsideIframe(): boolean {
  return window.self !== window.top;
}

/**
 * A session lasts sessionLimitMinutes (remote configuration) from the last sign-in. An embedded
 * console (inside an iframe) is the host page's business and never expires here. Without a
 * recorded sign-in time there is no clock to trust, so the session counts as expired.
 */
export async function isSessionExpired({
  now = Date.now(),
  insideIframe = isInsideIframe(),
}: { now?: number; insideIframe?: boolean } = {}): Promise<boolean> {
  if (insideIframe) return false;
  const lastLogin = getLastLogin();
  if (lastLogin === null) return true;
  const { sessionLimitMinutes } = await getRemoteConfig(now);
  return now - lastLogin > sessionLimitMinutes * 60_000;
}
