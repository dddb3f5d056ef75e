import { redirect } from 'react-router';
import { paths } from '../../config/paths';
import { getToken } from '../../lib/storage';

/** Sign-in pages are for signed-out users: a stored token sends the user to the dashboard. */
export function loginTypeGuard(): Response | null {
  return getToken() !== null ? redirect(paths.dashboard.getHref()) : null;
}
