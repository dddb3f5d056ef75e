import { accessLinkSchema, apiPaths, createAccessLinkRequestSchema } from '@leasing/contract';
import type { AccessLink } from '@leasing/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const createAccessLinkInputSchema = createAccessLinkRequestSchema;
export type CreateAccessLinkInput = z.infer<typeof createAccessLinkInputSchema>;

/** Mints a secure link to one lead's pane, acting for the signed-in user. */
export function createAccessLink(
  leadID: string,
  input: CreateAccessLinkInput,
): Promise<AccessLink> {
  return apiRequest(apiPaths.leadAccessLinks(leadID), {
    method: 'POST',
    body: createAccessLinkInputSchema.parse(input),
    schema: accessLinkSchema,
  });
}

/** Each link is new: nothing cached changes, so nothing is invalidated. */
export function useCreateAccessLink(leadID: string) {
  return useMutation({
    mutationKey: ['create-access-link', leadID],
    mutationFn: (input: CreateAccessLinkInput) => createAccessLink(leadID, input),
  });
}
