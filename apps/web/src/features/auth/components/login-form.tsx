import { loginRequestSchema } from '@leasing/contract';
import type { LoginRequest, LoginResponse } from '@leasing/contract';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { toServerFieldErrors } from '../../../lib/field-errors';
import { useLogin } from '../api/login';

type Field = keyof LoginRequest;
type FieldErrors = Partial<Record<Field, string>>;

const fields: readonly Field[] = ['email', 'password'];

function isField(value: unknown): value is Field {
  return fields.includes(value as Field);
}

function toFieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (isField(field)) errors[field] ??= issue.message;
  }
  return errors;
}

function toFormFieldErrors(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, message] of Object.entries(toServerFieldErrors(error))) {
    if (isField(name)) errors[name] = message;
  }
  return errors;
}

export type LoginFormProps = {
  onSuccess: (response: LoginResponse) => void;
};

export function LoginForm({ onSuccess }: LoginFormProps) {
  const [values, setValues] = useState<LoginRequest>({ email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const loginMutation = useLogin({ onSuccess });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = loginRequestSchema.safeParse({ ...values, email: values.email.trim() });
    if (!parsed.success) {
      setFieldErrors(toFieldErrors(parsed.error.issues));
      return;
    }
    setFieldErrors({});
    loginMutation.mutate(parsed.data, {
      onError: (error) => setFieldErrors(toFormFieldErrors(error)),
    });
  }

  function handleChange(field: Field) {
    return (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [field]: value }));
      setFieldErrors((current) => ({ ...current, [field]: undefined }));
    };
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {loginMutation.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {loginMutation.error.message}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
          value={values.email}
          onChange={handleChange('email')}
          error={fieldErrors.email}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={values.password}
          onChange={handleChange('password')}
          error={fieldErrors.password}
        />
        <Button type="submit" fullWidth loading={loginMutation.isPending} mt="xs">
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
