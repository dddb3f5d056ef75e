import { redirect } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { ACCESS_TOKEN_PARAM, paths } from '../../config/paths';
import { logout } from '../../features/auth/api/logout';
import { getToken } from '../../lib/storage';
import { isSessionExpired } from './session-expiry';

/** Pages for signed-in users: no token, or a session past its limit, means the login page. */
export async function protectedGuard(): Promise<Response | null> {
  if (getToken() === null) return redirect(paths.login.getHref());
  if (await isSessionExpired()) {
    void logout('session-expired');
    return redirect(paths.login.getHref());
  }
  return null;
}

/**
 * For pages opened from a secure link: its access_token goes to the login page, which signs in
 * with it and comes back here (the path, without the token in its query).
 */
export async function protectedWithAccessTokenGuard({
  request,
}: Pick<LoaderFunctionArgs, 'request'>): Promise<Response | null> {
  const url = new URL(request.url);
  const accessToken = url.searchParams.get(ACCESS_TOKEN_PARAM);
  if (accessToken) {
    return redirect(paths.login.getHref({ accessToken, returnUrl: url.pathname }));
  }
  return protectedGuard();
}
