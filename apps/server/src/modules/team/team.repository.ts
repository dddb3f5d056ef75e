import { and, desc, eq, gt, isNull, max, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  auditLog,
  companies,
  invitations,
  users,
  type InvitationRow,
  type UserRow,
} from '../../db/schema/index.js';
import { insertStaffUser } from '../auth/index.js';

/**
 * Takes the company's row lock for the rest of the transaction: team changes of one company run
 * one after another, so two admins cannot each remove the other and leave none.
 */
export const lockCompanyTeam = async (db: Db, companyId: string) => {
  await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
};

export const listCompanyUsers = async (db: Db, companyId: string) =>
  db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      deactivatedAt: users.deactivatedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(users.name, users.id);

/** Each user's latest successful sign-in, from the audit trail. */
export const lastSignIns = async (db: Db, companyId: string): Promise<Map<string, Date>> => {
  const rows = await db
    .select({ userId: auditLog.actorUserId, at: max(auditLog.occurredAt) })
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'auth.signed_in')))
    .groupBy(auditLog.actorUserId);
  return new Map(
    rows.flatMap((row) => (row.userId && row.at ? [[row.userId, new Date(row.at)] as const] : [])),
  );
};

/** An invitation whose link still works: not accepted, not revoked, not expired. */
const isOpen = (at: Date) =>
  and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, at));

/** Invitations not accepted, revoked or expired, newest first. */
export const listOpenInvitations = async (db: Db, companyId: string, at: Date) =>
  db
    .select()
    .from(invitations)
    .where(and(eq(invitations.companyId, companyId), isOpen(at)))
    .orderBy(desc(invitations.createdAt));

/** The company's invitation by id, whatever its state (another company's: undefined). */
export const findCompanyInvitation = async (db: Db, companyId: string, invitationId: string) =>
  (
    await db
      .select()
      .from(invitations)
      .where(and(eq(invitations.id, invitationId), eq(invitations.companyId, companyId)))
  )[0];

/** Revokes the invitation if its link still works; answers the row when this call revoked it. */
export const revokeOpenInvitation = async (db: Db, invitationId: string, at: Date) =>
  (
    await db
      .update(invitations)
      .set({ revokedAt: at })
      .where(and(eq(invitations.id, invitationId), isOpen(at)))
      .returning()
  )[0];

/** Revokes every still-working invitation the user sent; answers those it revoked. */
export const revokeInvitationsSentBy = async (
  db: Db,
  companyId: string,
  userId: string,
  at: Date,
) =>
  db
    .update(invitations)
    .set({ revokedAt: at })
    .where(
      and(
        eq(invitations.companyId, companyId),
        eq(invitations.invitedByUserId, userId),
        isOpen(at),
      ),
    )
    .returning();

/** Gives an open invitation a new token (the old link stops working); false when it is not open. */
export const replaceInvitationToken = async (
  db: Db,
  invitationId: string,
  tokenHash: string,
  at: Date,
) =>
  (
    await db
      .update(invitations)
      .set({ tokenHash })
      .where(and(eq(invitations.id, invitationId), isOpen(at)))
      .returning({ id: invitations.id })
  ).length === 1;

export const findCompanyUser = async (
  db: Db,
  companyId: string,
  userId: string,
): Promise<UserRow | undefined> =>
  (
    await db
      .select()
      .from(users)
      .where(and(eq(users.id, userId), eq(users.companyId, companyId)))
  )[0];

export const emailTaken = async (db: Db, email: string) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
  ).length > 0;

/** Active admins of the company other than `exceptUserId`. */
export const countOtherActiveAdmins = async (db: Db, companyId: string, exceptUserId: string) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.companyId, companyId),
          eq(users.role, 'admin'),
          isNull(users.deactivatedAt),
          ne(users.id, exceptUserId),
        ),
      )
  ).length;

/**
 * Revokes the company's earlier unused invitations of the same email: the newest link is the one
 * (an old link then answers like a used one).
 */
export const revokeEarlierInvitationsFor = async (
  db: Db,
  companyId: string,
  email: string,
  at: Date,
) => {
  await db
    .update(invitations)
    .set({ revokedAt: at })
    .where(
      and(
        eq(invitations.companyId, companyId),
        eq(sql`lower(${invitations.email})`, email.toLowerCase()),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    );
};

export const insertInvitation = async (db: Db, values: typeof invitations.$inferInsert) =>
  (await db.insert(invitations).values(values).returning())[0]!;

export const findInvitationByTokenHash = async (db: Db, tokenHash: string) =>
  (
    await db
      .select({ invitation: invitations, companyName: companies.name })
      .from(invitations)
      .innerJoin(companies, eq(companies.id, invitations.companyId))
      .where(eq(invitations.tokenHash, tokenHash))
  )[0];

/** Marks the invitation accepted if its link still works; true when this call won. */
export const claimInvitation = async (db: Db, invitation: InvitationRow, at: Date) =>
  (
    await db
      .update(invitations)
      .set({ acceptedAt: at })
      .where(and(eq(invitations.id, invitation.id), isOpen(at)))
      .returning({ id: invitations.id })
  ).length === 1;

export const insertInvitedUser = async (
  db: Db,
  invitation: InvitationRow,
  passwordHash: string,
) => {
  const user = await insertStaffUser(db, {
    companyId: invitation.companyId,
    email: invitation.email,
    name: invitation.name,
    role: invitation.role,
    passwordHash,
  });
  await db
    .update(invitations)
    .set({ acceptedUserId: user.id })
    .where(eq(invitations.id, invitation.id));
  return user;
};
