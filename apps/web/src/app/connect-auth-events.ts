import type { QueryClient } from '@tanstack/react-query';
import type { DataRouter } from 'react-router';
import { showForbiddenNotification } from '../components/ui/forbidden-notification';
import { onAuthEvent, setNavigator } from '../lib/auth-events';

/**
 * Lets the React-free API client navigate inside the app and show the 403 toast. Returns the
 * function that disconnects it again.
 */
export function connectAuthEvents({
  router,
  queryClient,
}: {
  router: DataRouter;
  queryClient: QueryClient;
}): () => void {
  setNavigator((to) => {
    void router.navigate(to, { replace: true });
  });
  const offForbidden = onAuthEvent('forbidden', () => showForbiddenNotification());
  // Requests still running belong to the session that just ended.
  const offSignedOut = onAuthEvent('signed-out', () => {
    void queryClient.cancelQueries();
  });
  return () => {
    setNavigator(null);
    offForbidden();
    offSignedOut();
  };
}
