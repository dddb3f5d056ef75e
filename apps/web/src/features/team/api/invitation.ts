import {
  acceptInvitationRequestSchema,
  apiPaths,
  invitationSchema,
  loginResponseSchema,
} from '@leasing/contract';
import type { Invitation, LoginResponse } from '@leasing/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Who an invitation link is for: public, the token is the credential. */
export function getInvitation(token: string, signal?: AbortSignal): Promise<Invitation> {
  return apiRequest(apiPaths.invitation(token), {
    schema: invitationSchema,
    signal,
    skipAuthHandling: true,
  });
}

export const getInvitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => getInvitation(token, signal),
    retry: false,
  });

export const useInvitation = (token: string) => useQuery(getInvitationQueryOptions(token));

/** Chooses the password; the server creates the account and answers like a sign-in. */
export function acceptInvitation(input: {
  token: string;
  password: string;
}): Promise<LoginResponse> {
  return apiRequest(apiPaths.invitationAccept(input.token), {
    method: 'POST',
    body: acceptInvitationRequestSchema.parse({ password: input.password }),
    schema: loginResponseSchema,
    skipAuthHandling: true,
  });
}

export const useAcceptInvitation = () => useMutation({ mutationFn: acceptInvitation });
