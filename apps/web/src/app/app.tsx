import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import type { DataRouter } from 'react-router';
import { AppProvider } from './provider';

export type AppProps = {
  router: DataRouter;
  queryClient: QueryClient;
};

export function App({ router, queryClient }: AppProps) {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
