import { redirect } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { ACCESS_TOKEN_PARAM, RETURN_URL_PARAM, paths } from '../../config/paths';
import {
  accountOf,
  isValidLookingToken,
  type TokenAccount,
} from '../../features/auth/utils/access-token';
import { getSafeReturnUrl } from '../../features/auth/utils/return-url';
import { isLeadAccessToken } from '../../features/secure-access/utils/is-lead-access-token';
import { getToken, startSession } from '../../lib/storage';

/** A link's token for another account than the one signed in: the login page asks first. */
export type PendingAccountSwitch = {
  current: TokenAccount;
  next: TokenAccount;
  accessToken: string;
  returnUrl: string | null;
};

/** Route id of the account pages, whose loader data may hold a pending account switch. */
export const ACCOUNT_ROUTE_ID = 'account';

export type AccountLoaderData = { pendingSwitch: PendingAccountSwitch } | null;

/** The stored session's account when the link's token is for someone else; null otherwise. */
function otherAccountSignedIn(accessToken: string) {
  const stored = getToken();
  if (stored === null) return null;
  const current = accountOf(stored);
  const next = accountOf(accessToken);
  if (current && next && current.id === next.id) return null;
  return {
    current: current ?? { id: '', label: 'another account' },
    next: next ?? { id: '', label: 'another account' },
  };
}

/**
 * A staff token in the login page's URL for another account than the one signed in: what the
 * login page must ask about before switching. Null when there is nothing to ask.
 */
export function pendingAccountSwitch({
  request,
}: Pick<LoaderFunctionArgs, 'request'>): PendingAccountSwitch | null {
  const url = new URL(request.url);
  const accessToken = url.searchParams.get(ACCESS_TOKEN_PARAM);
  if (!isValidLookingToken(accessToken) || isLeadAccessToken(accessToken)) return null;
  const other = otherAccountSignedIn(accessToken);
  if (!other) return null;
  return {
    ...other,
    accessToken,
    returnUrl: getSafeReturnUrl(url.searchParams.get(RETURN_URL_PARAM)),
  };
}

/**
 * The login page's secure-link path: a valid-looking access_token is stored as the session token
 * and the user continues to returnUrl without typing a password. A token that opens one lead is
 * never stored (it would pass for a staff session in every tab): the secure-access page opens the
 * pane asked for with it, keeping it in that tab's URL. Nor is a token for another account than
 * the signed-in one (see `pendingAccountSwitch`): the login page asks first.
 */
export function accessTokenSignIn(args: Pick<LoaderFunctionArgs, 'request'>): Response | null {
  const url = new URL(args.request.url);
  const accessToken = url.searchParams.get(ACCESS_TOKEN_PARAM);
  if (!isValidLookingToken(accessToken)) return null;
  const returnUrl = getSafeReturnUrl(url.searchParams.get(RETURN_URL_PARAM));
  if (isLeadAccessToken(accessToken)) {
    return redirect(paths.secureAccess.getHref({ accessToken, returnUrl: returnUrl ?? undefined }));
  }
  if (pendingAccountSwitch(args)) return null;
  startSession(accessToken);
  return redirect(returnUrl ?? paths.dashboard.getHref());
}
