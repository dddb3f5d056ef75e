import { createHash, randomBytes } from 'node:crypto';
import type { Invitation, InviteTeammateRequest, StaffRole, TeamMember } from '@leasing/contract';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/client.js';
import type { InvitationRow } from '../../db/schema/index.js';
import { domainEvent, type Actor } from '../../events/domain-events.js';
import type { EventPort } from '../../events/event-port.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import { enqueueSystemEmail } from '../messaging/system-email.service.js';
import {
  claimInvitation,
  countOtherActiveAdmins,
  dropOpenInvitationsFor,
  emailTaken,
  findCompanyUser,
  findInvitationByTokenHash,
  insertInvitation,
  insertInvitedUser,
  lastSignIns,
  listCompanyUsers,
  listOpenInvitations,
  lockCompanyTeam,
  revokeUserRefreshTokens,
  setUserDeactivated,
  setUserRole,
} from './team.repository.js';

export type TeamDeps = {
  db: Db;
  events: EventPort;
  queue: PgBoss;
  now: Clock;
  publicUrl: string;
  inviteTtlHours: number;
  /** Told after a deactivation commits: close every socket of the user. */
  onUserDeactivated: (userId: string, endedSessions: string[]) => void;
};

type UserActor = Extract<Actor, { kind: 'user' }>;

export const LAST_ADMIN_MESSAGE =
  'This is the last active admin of your company. Make someone else an admin first.';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const emailInUse = (email: string) =>
  new HttpError(409, 'EMAIL_TAKEN', `${email} already has an account.`, {}, [
    { path: 'body.email', message: 'already has an account' },
  ]);

const lastAdmin = () => new HttpError(409, 'LAST_ADMIN', LAST_ADMIN_MESSAGE);

export const inviteLink = (publicUrl: string, token: string) =>
  `${publicUrl}/account/accept-invite?token=${encodeURIComponent(token)}`;

export const listTeam = async (deps: TeamDeps, companyId: string): Promise<TeamMember[]> => {
  const [people, signIns, open] = await Promise.all([
    listCompanyUsers(deps.db, companyId),
    lastSignIns(deps.db, companyId),
    listOpenInvitations(deps.db, companyId, deps.now()),
  ]);
  return [
    ...people.map((user): TeamMember => ({
      _id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      status: user.deactivatedAt ? 'deactivated' : 'active',
      lastSignInAt: signIns.get(user.id)?.toISOString() ?? null,
      invitationExpiresAt: null,
    })),
    ...open.map((invitation): TeamMember => ({
      _id: invitation.id,
      name: invitation.name,
      email: invitation.email,
      role: invitation.role,
      status: 'invited',
      lastSignInAt: null,
      invitationExpiresAt: invitation.expiresAt.toISOString(),
    })),
  ];
};

const inviteEmailText = (input: {
  name: string;
  inviter: string;
  companyName: string;
  link: string;
  expiresAt: Date;
}) =>
  [
    `Hello ${input.name},`,
    '',
    `${input.inviter} invited you to ${input.companyName} on the leasing console.`,
    'Choose your password and sign in here:',
    '',
    input.link,
    '',
    `The link works once and until ${input.expiresAt.toUTCString()}.`,
  ].join('\n');

/**
 * Invites someone: stores the invitation (only the token's hash) and queues the invite email in
 * the same transaction, so there is never an invitation without its email or the other way round.
 */
export const inviteTeammate = async (
  deps: TeamDeps,
  company: { id: string; name: string },
  input: InviteTeammateRequest,
  actor: UserActor,
): Promise<TeamMember> => {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(deps.now().getTime() + deps.inviteTtlHours * 3_600_000);
  return deps.events.transaction(async ({ db, sql, record }) => {
    if (await emailTaken(db, input.email)) throw emailInUse(input.email);
    await dropOpenInvitationsFor(db, company.id, input.email);
    const invitation = await insertInvitation(db, {
      companyId: company.id,
      email: input.email,
      name: input.name,
      role: input.role,
      tokenHash: hashToken(token),
      invitedByUserId: actor.userId,
      expiresAt,
    });
    await enqueueSystemEmail(
      deps.queue,
      { sql },
      {
        companyId: company.id,
        to: input.email,
        subject: `${actor.name} invited you to ${company.name}`,
        text: inviteEmailText({
          name: input.name,
          inviter: actor.name,
          companyName: company.name,
          link: inviteLink(deps.publicUrl, token),
          expiresAt,
        }),
      },
    );
    record(
      domainEvent('user.invited', {
        companyId: company.id,
        invitationId: invitation.id,
        email: invitation.email,
        role: invitation.role,
        actor,
      }),
    );
    return {
      _id: invitation.id,
      name: invitation.name,
      email: invitation.email,
      role: invitation.role,
      status: 'invited',
      lastSignInAt: null,
      invitationExpiresAt: invitation.expiresAt.toISOString(),
    };
  });
};

/** Whether the user may still be changed by this admin; throws the refusal otherwise. */
const loadMember = async (db: Db, companyId: string, userId: string) => {
  const user = await findCompanyUser(db, companyId, userId);
  if (!user) throw notFound('User');
  return user;
};

export const changeRole = async (
  deps: TeamDeps,
  companyId: string,
  userId: string,
  role: StaffRole,
  actor: UserActor,
) =>
  deps.events.transaction(async ({ db, record }) => {
    await lockCompanyTeam(db, companyId);
    const user = await loadMember(db, companyId, userId);
    if (user.role === role) return;
    if (
      user.role === 'admin' &&
      !user.deactivatedAt &&
      (await countOtherActiveAdmins(db, companyId, userId)) === 0
    ) {
      throw lastAdmin();
    }
    await setUserRole(db, userId, role);
    record(
      domainEvent('user.role_changed', {
        companyId,
        userId,
        before: user.role,
        after: role,
        actor,
      }),
    );
  });

/**
 * Deactivates a user: they cannot sign in, their ID tokens stop working at once
 * (`tokensValidAfter`), their refresh tokens are revoked and, once committed, their sockets close.
 */
export const deactivateUser = async (
  deps: TeamDeps,
  companyId: string,
  userId: string,
  actor: UserActor,
) => {
  if (userId === actor.userId) {
    throw new HttpError(409, 'SELF_DEACTIVATION', 'You cannot deactivate yourself.');
  }
  const ended = await deps.events.transaction(async ({ db, record }) => {
    await lockCompanyTeam(db, companyId);
    const user = await loadMember(db, companyId, userId);
    if (user.deactivatedAt) return [];
    if (user.role === 'admin' && (await countOtherActiveAdmins(db, companyId, userId)) === 0) {
      throw lastAdmin();
    }
    const at = deps.now();
    await setUserDeactivated(db, userId, at);
    const families = await revokeUserRefreshTokens(db, userId, at);
    record(domainEvent('user.deactivated', { companyId, userId, actor }));
    return families;
  });
  deps.onUserDeactivated(userId, ended);
};

export const reactivateUser = async (
  deps: TeamDeps,
  companyId: string,
  userId: string,
  actor: UserActor,
) =>
  deps.events.transaction(async ({ db, record }) => {
    const user = await loadMember(db, companyId, userId);
    if (!user.deactivatedAt) return;
    // tokensValidAfter stays: what they held before deactivation never works again.
    await setUserDeactivated(db, userId, null);
    record(domainEvent('user.reactivated', { companyId, userId, actor }));
  });

const invitationGone = () =>
  new HttpError(410, 'INVITATION_USED', 'This invitation has already been used. Sign in instead.');
const invitationExpired = () =>
  new HttpError(
    410,
    'INVITATION_EXPIRED',
    'This invitation has expired. Ask an admin of your company to invite you again.',
  );

/** The open invitation a token names; 404 unknown, 410 used or expired. */
const openInvitation = async (
  db: Db,
  token: string,
  at: Date,
): Promise<{ invitation: InvitationRow; companyName: string }> => {
  const found = await findInvitationByTokenHash(db, hashToken(token));
  if (!found) throw notFound('Invitation');
  if (found.invitation.acceptedAt) throw invitationGone();
  if (found.invitation.expiresAt <= at) throw invitationExpired();
  return found;
};

export const describeInvitation = async (deps: TeamDeps, token: string): Promise<Invitation> => {
  const { invitation, companyName } = await openInvitation(deps.db, token, deps.now());
  return {
    email: invitation.email,
    name: invitation.name,
    role: invitation.role,
    companyName,
    expiresAt: invitation.expiresAt.toISOString(),
  };
};

/** Creates the invited user with the password they chose; answers the new user's id. */
export const acceptInvitation = async (
  deps: TeamDeps,
  token: string,
  password: string,
): Promise<string> => {
  const passwordHash = await hashPassword(password);
  return deps.events.transaction(async ({ db, record }) => {
    const at = deps.now();
    const { invitation } = await openInvitation(db, token, at);
    if (!(await claimInvitation(db, invitation, at))) throw invitationGone();
    if (await emailTaken(db, invitation.email)) {
      throw new HttpError(
        409,
        'EMAIL_TAKEN',
        `${invitation.email} already has an account. Sign in instead.`,
      );
    }
    const user = await insertInvitedUser(db, invitation, passwordHash);
    record(
      domainEvent('user.invitation_accepted', {
        companyId: invitation.companyId,
        invitationId: invitation.id,
        userId: user.id,
        role: user.role,
        actor: { kind: 'user', userId: user.id, name: user.name },
      }),
    );
    return user.id;
  });
};
