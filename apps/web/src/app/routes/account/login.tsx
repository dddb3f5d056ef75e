import { Stack, Text, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { Brand } from '../../../components/ui/brand';
import { CenteredPage } from '../../../components/ui/centered-page';
import { RETURN_URL_PARAM, paths } from '../../../config/paths';
import { LoginForm } from '../../../features/auth/components/login-form';
import { getSafeReturnUrl } from '../../../features/auth/utils/return-url';

export function LoginRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();

  function handleSuccess() {
    const returnUrl = getSafeReturnUrl(searchParams.get(RETURN_URL_PARAM));
    void navigate(returnUrl ?? paths.dashboard.getHref(), { replace: true });
  }

  return (
    <CenteredPage>
      <Stack gap="lg">
        <Brand />
        <div>
          <Title order={1} size="h3">
            Sign in
          </Title>
          <Text size="sm" c="dimmed">
            Use your staff account to reach your leads.
          </Text>
        </div>
        <LoginForm onSuccess={handleSuccess} />
      </Stack>
    </CenteredPage>
  );
}
