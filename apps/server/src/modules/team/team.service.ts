import { randomBytes } from 'node:crypto';
import type {
  Invitation,
  InvitationLink,
  InviteTeammateRequest,
  StaffRole,
  TeamMember,
} from '@leasing/contract';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/client.js';
import type { InvitationRow } from '../../db/schema/index.js';
import { domainEvent, type Actor } from '../../events/domain-events.js';
import type { EventPort } from '../../events/event-port.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { formatZonedDateTime } from '../../lib/format-zoned.js';
import { hashPassword } from '../../lib/password.js';
import { revokeUserRefreshTokens, setUserDeactivated, setUserRole } from '../auth/index.js';
import { findCompanyById } from '../company/index.js';
import { cancelScheduledOfSender } from '../messaging/index.js';
import { enqueueSystemEmail } from '../messaging/index.js';
import {
  claimInvitation,
  countOtherActiveAdmins,
  emailTaken,
  findCompanyInvitation,
  findCompanyUser,
  findInvitationByTokenHash,
  insertInvitation,
  insertInvitedUser,
  lastSignIns,
  listCompanyUsers,
  listOpenInvitations,
  lockCompanyTeam,
  replaceInvitationToken,
  revokeEarlierInvitationsFor,
  revokeInvitationsSentBy,
  revokeOpenInvitation,
} from './team.repository.js';
import { sha256Hex } from '../../lib/secret-hash.js';

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

const newToken = () => randomBytes(32).toString('base64url');

const emailInUse = (email: string) =>
  new HttpError('EMAIL_TAKEN', `${email} already has an account.`, {}, [
    { path: 'body.email', message: 'already has an account' },
  ]);

const lastAdmin = () => new HttpError('LAST_ADMIN', LAST_ADMIN_MESSAGE);

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
  /** The company's zone: the console's own date format, on the company's clock. */
  timeZone: string;
}) =>
  [
    `Hello ${input.name},`,
    '',
    `${input.inviter} invited you to ${input.companyName} on the leasing console.`,
    'Choose your password and sign in here:',
    '',
    input.link,
    '',
    `The link works once and until ${formatZonedDateTime(input.expiresAt, input.timeZone)}.`,
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
  const token = newToken();
  const at = deps.now();
  const expiresAt = new Date(at.getTime() + deps.inviteTtlHours * 3_600_000);
  return deps.events.transaction(async ({ db, sql, record }) => {
    if (await emailTaken(db, input.email)) throw emailInUse(input.email);
    await revokeEarlierInvitationsFor(db, company.id, input.email, at);
    const invitation = await insertInvitation(db, {
      companyId: company.id,
      email: input.email,
      name: input.name,
      role: input.role,
      tokenHash: sha256Hex(token),
      invitedByUserId: actor.userId,
      expiresAt,
    });
    const link = inviteLink(deps.publicUrl, token);
    const timeZone = (await findCompanyById(db, company.id))?.timeZone ?? 'UTC';
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
          link,
          expiresAt,
          timeZone,
        }),
        signIn: { link, invitationId: invitation.id },
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
    throw new HttpError('SELF_DEACTIVATION', 'You cannot deactivate yourself.');
  }
  const ended = await deps.events.transaction(async (scope) => {
    const { db, record } = scope;
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
    // Nothing goes out or gets in on their word once they are gone: what they scheduled is
    // cancelled and the links they sent stop working, each in the trail.
    await cancelScheduledOfSender(scope, companyId, userId, actor);
    for (const invitation of await revokeInvitationsSentBy(db, companyId, userId, at)) {
      record(invitationRevoked(invitation, 'inviter_deactivated', actor));
    }
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

const invitationRevoked = (
  invitation: InvitationRow,
  reason: 'revoked' | 'inviter_deactivated',
  actor: UserActor,
) =>
  domainEvent('user.invitation_revoked', {
    companyId: invitation.companyId,
    invitationId: invitation.id,
    email: invitation.email,
    reason,
    actor,
  });

const invitationGone = () =>
  new HttpError('INVITATION_USED', 'This invitation has already been used. Sign in instead.');
const invitationExpired = () =>
  new HttpError(
    'INVITATION_EXPIRED',
    'This invitation has expired. Ask an admin of your company to invite you again.',
  );

/** Refuses an invitation whose link no longer works: used and revoked alike are gone. */
const assertOpen = (invitation: InvitationRow, at: Date) => {
  if (invitation.acceptedAt || invitation.revokedAt) throw invitationGone();
  if (invitation.expiresAt <= at) throw invitationExpired();
};

/** The open invitation a token names; 404 unknown, 410 used, revoked or expired. */
const openInvitation = async (
  db: Db,
  token: string,
  at: Date,
): Promise<{ invitation: InvitationRow; companyName: string }> => {
  const found = await findInvitationByTokenHash(db, sha256Hex(token));
  if (!found) throw notFound('Invitation');
  assertOpen(found.invitation, at);
  return found;
};

/** The company's invitation that is still open, for an admin's action on it. */
const loadOpenInvitation = async (db: Db, companyId: string, invitationId: string, at: Date) => {
  const invitation = await findCompanyInvitation(db, companyId, invitationId);
  if (!invitation) throw notFound('Invitation');
  assertOpen(invitation, at);
  return invitation;
};

/** 'Revoke' on Settings → Team: the link stops working at once (410, like a used one). */
export const revokeInvitation = async (
  deps: TeamDeps,
  companyId: string,
  invitationId: string,
  actor: UserActor,
) =>
  deps.events.transaction(async ({ db, record }) => {
    const at = deps.now();
    await loadOpenInvitation(db, companyId, invitationId, at);
    const revoked = await revokeOpenInvitation(db, invitationId, at);
    // Accepted or revoked by someone else in the meantime.
    if (!revoked) throw invitationGone();
    record(invitationRevoked(revoked, 'revoked', actor));
  });

/**
 * 'Copy invitation link' (admins, on the sandbox outbox): only the token's hash is kept, so the
 * invitation gets a new token and the link in its email stops working. Audited: the admin now
 * holds a way into an account that is not theirs yet.
 */
export const copyInvitationLink = async (
  deps: TeamDeps,
  companyId: string,
  invitationId: string,
  actor: UserActor,
): Promise<InvitationLink> => {
  const token = newToken();
  return deps.events.transaction(async ({ db, record }) => {
    const at = deps.now();
    const invitation = await loadOpenInvitation(db, companyId, invitationId, at);
    if (!(await replaceInvitationToken(db, invitationId, sha256Hex(token), at))) {
      throw invitationGone();
    }
    record(
      domainEvent('user.invitation_link_copied', {
        companyId,
        invitationId,
        email: invitation.email,
        actor,
      }),
    );
    return {
      link: inviteLink(deps.publicUrl, token),
      expiresAt: invitation.expiresAt.toISOString(),
    };
  });
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
        email: invitation.email,
        role: user.role,
        actor: { kind: 'user', userId: user.id, name: user.name },
      }),
    );
    return user.id;
  });
};
