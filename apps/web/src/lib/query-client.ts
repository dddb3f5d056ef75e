import { QueryClient } from '@tanstack/react-query';
import { isClientError } from './api-client';

const MAX_RETRIES = 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // The live socket's reconnect reloads what is on screen and counts what it brings (the
        // 'N new events' pill); the browser's own 'online' would reload it first, silently.
        refetchOnReconnect: false,
        // A 4xx will not change by asking again; network and server errors might.
        retry: (failureCount, error) => !isClientError(error) && failureCount < MAX_RETRIES,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's one cache; route loaders reach it outside React. */
export const queryClient = createQueryClient();
