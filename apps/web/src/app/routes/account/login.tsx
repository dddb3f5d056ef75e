import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useRouteLoaderData, useSearchParams } from 'react-router';
import { Brand } from '../../../components/ui/brand';
import { CenteredPage } from '../../../components/ui/centered-page';
import { RETURN_URL_PARAM, paths } from '../../../config/paths';
import { switchAccount } from '../../../features/auth/api/switch-account';
import { LoginForm } from '../../../features/auth/components/login-form';
import { SwitchAccountPrompt } from '../../../features/auth/components/switch-account-prompt';
import { getSafeReturnUrl } from '../../../features/auth/utils/return-url';
import {
  ACCOUNT_ROUTE_ID,
  type AccountLoaderData,
  type PendingAccountSwitch,
} from '../../guards/access-token-sign-in';

function PendingSwitch({ pending }: { pending: PendingAccountSwitch }) {
  const navigate = useNavigate();
  const [isSwitching, setIsSwitching] = useState(false);

  async function handleSwitch() {
    setIsSwitching(true);
    await switchAccount(pending.accessToken);
    void navigate(pending.returnUrl ?? paths.dashboard.getHref(), { replace: true });
  }

  function handleStay() {
    void navigate(paths.dashboard.getHref(), { replace: true });
  }

  return (
    <SwitchAccountPrompt
      current={pending.current}
      next={pending.next}
      isSwitching={isSwitching}
      onSwitch={() => void handleSwitch()}
      onStay={handleStay}
    />
  );
}

export function LoginRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const pendingSwitch = (useRouteLoaderData(ACCOUNT_ROUTE_ID) as AccountLoaderData | undefined)
    ?.pendingSwitch;

  function handleSuccess() {
    const returnUrl = getSafeReturnUrl(searchParams.get(RETURN_URL_PARAM));
    void navigate(returnUrl ?? paths.dashboard.getHref(), { replace: true });
  }

  return (
    <CenteredPage>
      <Stack gap="lg">
        <Brand />
        {pendingSwitch ? (
          <PendingSwitch pending={pendingSwitch} />
        ) : (
          <>
            <div>
              <Title order={1} size="h3">
                Sign in
              </Title>
              <Text size="sm" c="dimmed">
                Use your staff account to reach your leads.
              </Text>
            </div>
            <LoginForm onSuccess={handleSuccess} />
          </>
        )}
      </Stack>
    </CenteredPage>
  );
}
