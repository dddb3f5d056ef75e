import { Center, Loader } from '@mantine/core';
import type { StaffRole } from '@leasing/contract';
import { Outlet } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { NotPermittedState } from '../../../components/ui/not-permitted-state';
import { useUser } from '../../../features/auth/api/get-user';
import { canLeadTeam, canManageSettings } from '../../../features/auth/utils/authorization';

type RoleGateProps = {
  allows: (role: StaffRole) => boolean;
  /** Why the page is closed to the signed-in person, and what to do. */
  reason: string;
};

/**
 * Pages for some roles only. Anyone else who opens one by its address sees why it is closed to
 * them instead of a page whose every request the server refuses.
 */
function RoleGate({ allows, reason }: RoleGateProps) {
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
  if (!allows(userQuery.data.role)) return <NotPermittedState reason={reason} />;
  return <Outlet />;
}

/** The settings pages, for admins only. */
export function AdminLayoutRoute() {
  return (
    <RoleGate
      allows={canManageSettings}
      reason="Only admins of your company can open this page. Ask one of them if something here needs to change."
    />
  );
}

/** The team's pages (workload, assignment, pipeline), for managers and admins. */
export function ManagerLayoutRoute() {
  return (
    <RoleGate
      allows={canLeadTeam}
      reason="Only managers and admins of your company can open this page. Ask one of them if something here needs to change."
    />
  );
}
