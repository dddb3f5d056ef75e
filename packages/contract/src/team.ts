import { z } from 'zod';
import { staffRoleSchema } from './company.js';
import { secretParam } from './secret-params.js';

/** Settings → Team (admins): the company's people and the invitations not yet accepted. */
export const teamMemberStatuses = ['active', 'invited', 'deactivated'] as const;
export const teamMemberStatusSchema = z.enum(teamMemberStatuses);
export type TeamMemberStatus = z.infer<typeof teamMemberStatusSchema>;

export const teamMemberSchema = z.object({
  /** The user's id; for an `invited` row, the invitation's id (nothing can be changed on it yet). */
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  status: teamMemberStatusSchema,
  /** The last successful sign-in the audit trail knows of. */
  lastSignInAt: z.string().nullable(),
  /** An invitation's expiry; null for people who have an account. */
  invitationExpiresAt: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamMemberListSchema = z.array(teamMemberSchema);

/** Passwords people choose themselves (accepting an invitation). */
export const MIN_PASSWORD_LENGTH = 12;

export const inviteTeammateRequestSchema = z.object({
  name: z.string().trim().min(1, 'Enter their name').max(200, 'Use at most 200 characters'),
  email: z.string().trim().pipe(z.email('Enter a valid email address').max(320)),
  role: staffRoleSchema,
});
export type InviteTeammateRequest = z.infer<typeof inviteTeammateRequestSchema>;

export const changeRoleRequestSchema = z.object({ role: staffRoleSchema });
export type ChangeRoleRequest = z.infer<typeof changeRoleRequestSchema>;

export const teamUserParamsSchema = z.object({ userId: z.uuid() });

export const teamInvitationParamsSchema = z.object({ invitationId: z.uuid() });

/** 'Copy invitation link' (admins): a fresh link for a pending invitation; the old one stops working. */
export const invitationLinkSchema = z.object({ link: z.string(), expiresAt: z.string() });
export type InvitationLink = z.infer<typeof invitationLinkSchema>;

export const invitationParamsSchema = z.object({ token: secretParam(z.string().min(1).max(200)) });

/** What the accept page shows before the person chooses a password. */
export const invitationSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  companyName: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const acceptInvitationRequestSchema = z.object({
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(1000, 'Use at most 1000 characters'),
});
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequestSchema>;
