import { apiPaths } from '@leasing/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { emitAuthEvent } from '../../../lib/auth-events';
import type { AuthEventMap } from '../../../lib/auth-events';
import { clearStorage, getToken } from '../../../lib/storage';

type SignOutReason = AuthEventMap['signed-out']['reason'];

/**
 * Ends the session locally at once, then asks the server to revoke the refresh cookie. The server
 * call is best effort: being signed out here must not depend on it.
 */
export async function logout(reason: SignOutReason = 'user'): Promise<void> {
  const token = getToken();
  clearStorage();
  emitAuthEvent('signed-out', { reason });
  try {
    await apiRequest(apiPaths.logout, {
      method: 'POST',
      headers: token ? { Authorization: `Bearer ${token}` } : undefined,
      skipAuthHandling: true,
    });
  } catch {
    // Offline or already revoked: the local session is gone either way.
  }
}

type UseLogoutOptions = { onSettled?: () => void };

export function useLogout({ onSettled }: UseLogoutOptions = {}) {
  return useMutation({ mutationFn: () => logout('user'), onSettled });
}
