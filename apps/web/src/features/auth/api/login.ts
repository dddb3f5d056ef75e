import { apiPaths, loginResponseSchema } from '@leasing/contract';
import type { LoginRequest, LoginResponse } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { startSession } from '../../../lib/storage';
import { getUserQueryOptions } from './get-user';

export function login(input: LoginRequest): Promise<LoginResponse> {
  return apiRequest(apiPaths.login, {
    method: 'POST',
    body: input,
    schema: loginResponseSchema,
    // A wrong password is a 401 for this form to show, not a lapsed session.
    skipAuthHandling: true,
  });
}

type UseLoginOptions = { onSuccess?: (response: LoginResponse) => void };

export function useLogin({ onSuccess }: UseLoginOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (response) => {
      startSession(response.token);
      // Nothing cached for a previous user may leak into this session.
      queryClient.clear();
      queryClient.setQueryData(getUserQueryOptions().queryKey, response.user);
      onSuccess?.(response);
    },
  });
}
