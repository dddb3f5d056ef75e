import { redirect } from 'react-router';
import { paths } from '../../config/paths';
import { consumeNotFoundRedirectFlag } from '../../lib/storage';

/** The not-found page is a one-time destination: only right after the app sent the user there. */
export function notFoundGuard(): Response | null {
  return consumeNotFoundRedirectFlag() ? null : redirect(paths.login.getHref());
}
