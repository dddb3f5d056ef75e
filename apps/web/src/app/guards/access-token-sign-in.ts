import { redirect } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { ACCESS_TOKEN_PARAM, RETURN_URL_PARAM, paths } from '../../config/paths';
import { isValidLookingToken } from '../../features/auth/utils/access-token';
import { getSafeReturnUrl } from '../../features/auth/utils/return-url';
import { isLeadAccessToken } from '../../features/secure-access/utils/is-lead-access-token';
import { startSession } from '../../lib/storage';

/**
 * The login page's secure-link path: a valid-looking access_token is stored as the session token
 * and the user continues to returnUrl without typing a password. A token that opens one lead is
 * never stored (it would pass for a staff session in every tab): the secure-access page opens the
 * pane asked for with it, keeping it in that tab's URL.
 */
export function accessTokenSignIn({
  request,
}: Pick<LoaderFunctionArgs, 'request'>): Response | null {
  const url = new URL(request.url);
  const accessToken = url.searchParams.get(ACCESS_TOKEN_PARAM);
  if (!isValidLookingToken(accessToken)) return null;
  const returnUrl = getSafeReturnUrl(url.searchParams.get(RETURN_URL_PARAM));
  if (isLeadAccessToken(accessToken)) {
    return redirect(paths.secureAccess.getHref({ accessToken, returnUrl: returnUrl ?? undefined }));
  }
  startSession(accessToken);
  return redirect(returnUrl ?? paths.dashboard.getHref());
}
