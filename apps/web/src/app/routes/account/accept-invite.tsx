import { MIN_PASSWORD_LENGTH } from '@leasing/contract';
import { Alert, Button, Center, Loader, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Brand } from '../../../components/ui/brand';
import { CenteredPage } from '../../../components/ui/centered-page';
import { paths } from '../../../config/paths';
import { getUserQueryOptions } from '../../../features/auth/api/get-user';
import { useAcceptInvitation, useInvitation } from '../../../features/team/api/invitation';
import { ApiRequestError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { startSession } from '../../../lib/storage';

/** What a dead link says: used, expired, or never ours. */
function linkProblem(error: Error): string {
  if (error instanceof ApiRequestError && error.code === 'NOT_FOUND') {
    return 'This invitation link is not valid. Check that you opened the whole link from the email.';
  }
  return error.message;
}

function InviteForm({ token }: { token: string }) {
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});

  if (invitation.isPending) {
    return (
      <Center py="lg" role="status" aria-label="Loading the invitation">
        <Loader />
      </Center>
    );
  }
  if (invitation.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        {linkProblem(invitation.error)}
      </Alert>
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (accept.isPending) return;
    const next: typeof errors = {};
    if (password.length < MIN_PASSWORD_LENGTH) {
      next.password = `Use at least ${MIN_PASSWORD_LENGTH} characters`;
    }
    if (repeat !== password) next.repeat = 'The passwords do not match';
    setErrors(next);
    if (next.password || next.repeat) return;
    accept.mutate(
      { token, password },
      {
        onSuccess: (session) => {
          startSession(session.token);
          queryClient.clear();
          queryClient.setQueryData(getUserQueryOptions().queryKey, session.user);
          void navigate(paths.dashboard.getHref(), { replace: true });
        },
      },
    );
  }

  const { data } = invitation;
  return (
    <form onSubmit={handleSubmit} aria-label="Choose your password" noValidate>
      <Stack gap="md">
        <Text size="sm">
          You are invited to <strong>{data.companyName}</strong> as{' '}
          <strong style={{ overflowWrap: 'anywhere' }}>{data.email}</strong>. Choose a password to
          sign in.
        </Text>
        <Text size="xs" c="dimmed">
          This link works until {formatDate(data.expiresAt)}.
        </Text>
        <PasswordInput
          label="Password"
          description={`At least ${MIN_PASSWORD_LENGTH} characters`}
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password}
          // Mantine's PasswordInput shows the error but does not mark the input invalid.
          aria-invalid={errors.password ? true : undefined}
          data-autofocus
        />
        <PasswordInput
          label="Repeat password"
          autoComplete="new-password"
          value={repeat}
          onChange={(event) => setRepeat(event.currentTarget.value)}
          error={errors.repeat}
          aria-invalid={errors.repeat ? true : undefined}
        />
        {accept.isError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {accept.error.message}
          </Alert>
        )}
        <Button type="submit" loading={accept.isPending} fullWidth>
          Join and sign in
        </Button>
      </Stack>
    </form>
  );
}

/** /account/accept-invite?token=…: the page the invite email links to. */
export function AcceptInviteRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  return (
    <CenteredPage>
      <Stack gap="lg">
        <Brand />
        <Title order={1} size="h3">
          Join your team
        </Title>
        {token ? (
          <InviteForm token={token} />
        ) : (
          <Alert color="red" variant="light" role="alert">
            This invitation link is not valid. Check that you opened the whole link from the email.
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          Already have an account? <Link to={paths.login.getHref()}>Sign in</Link>
        </Text>
      </Stack>
    </CenteredPage>
  );
}
