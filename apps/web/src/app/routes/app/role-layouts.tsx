import { Center, Loader } from '@mantine/core';
import { Outlet } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { NotPermittedState } from '../../../components/ui/not-permitted-state';
import { useUser } from '../../../features/auth/api/get-user';
import { canManageSettings } from '../../../features/auth/utils/authorization';

/**
 * The settings pages, for admins only. Anyone else who opens one by its address sees why it is
 * closed to them instead of a page whose every request the server refuses.
 */
export function AdminLayoutRoute() {
  const userQuery = useUser();

  if (userQuery.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading">
        <Loader />
      </Center>
    );
  }
  if (userQuery.isError) {
    return (
      <ErrorState
        title="Could not load your account"
        message={userQuery.error.message}
        onRetry={() => void userQuery.refetch()}
      />
    );
  }
  if (!canManageSettings(userQuery.data.role)) {
    return (
      <NotPermittedState reason="Only admins of your company can open this page. Ask one of them if something here needs to change." />
    );
  }
  return <Outlet />;
}
