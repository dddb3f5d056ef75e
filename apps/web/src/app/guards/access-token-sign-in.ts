import { redirect } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { ACCESS_TOKEN_PARAM, RETURN_URL_PARAM, paths } from '../../config/paths';
import { isValidLookingToken } from '../../features/auth/utils/access-token';
import { getSafeReturnUrl } from '../../features/auth/utils/return-url';
import { startSession } from '../../lib/storage';

/**
 * The login page's secure-link path: a valid-looking access_token is stored as the session token
 * and the user continues to returnUrl without typing a password.
 */
export function accessTokenSignIn({
  request,
}: Pick<LoaderFunctionArgs, 'request'>): Response | null {
  const url = new URL(request.url);
  const accessToken = url.searchParams.get(ACCESS_TOKEN_PARAM);
  if (!isValidLookingToken(accessToken)) return null;
  startSession(accessToken);
  const returnUrl = getSafeReturnUrl(url.searchParams.get(RETURN_URL_PARAM));
  return redirect(returnUrl ?? paths.dashboard.getHref());
}
