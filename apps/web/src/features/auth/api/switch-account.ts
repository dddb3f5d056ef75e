import { queryClient } from '../../../lib/query-client';
import { startSession } from '../../../lib/storage';
import { logout } from './logout';

/**
 * Signs the current account out (its refresh cookie revoked on the server, its cached data
 * dropped) and starts a session with the token of the other account.
 */
export async function switchAccount(accessToken: string): Promise<void> {
  await logout('user');
  queryClient.clear();
  startSession(accessToken);
}
