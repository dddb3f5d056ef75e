import { and, desc, eq, gt, inArray, isNull, max, ne, sql } from 'drizzle-orm';
import type { StaffRole } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import {
  auditLog,
  companies,
  invitations,
  refreshTokens,
  users,
  type InvitationRow,
  type UserRow,
} from '../../db/schema/index.js';

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

/** Invitations not accepted and not expired, newest first. */
export const listOpenInvitations = async (db: Db, companyId: string, at: Date) =>
  db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.companyId, companyId),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, at),
      ),
    )
    .orderBy(desc(invitations.createdAt));

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

export const setUserRole = async (db: Db, userId: string, role: StaffRole) => {
  await db.update(users).set({ role }).where(eq(users.id, userId));
};

export const setUserDeactivated = async (db: Db, userId: string, at: Date | null) => {
  await db
    .update(users)
    .set(at ? { deactivatedAt: at, tokensValidAfter: at } : { deactivatedAt: null })
    .where(eq(users.id, userId));
};

/** Revokes every refresh token of the user; answers the sign-ins (families) that ended. */
export const revokeUserRefreshTokens = async (db: Db, userId: string, at: Date) => {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId });
  return [...new Set(rows.map((row) => row.familyId))];
};

/** Drops the company's earlier open invitations of the same email: the newest link is the one. */
export const dropOpenInvitationsFor = async (db: Db, companyId: string, email: string) => {
  const open = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.companyId, companyId),
        eq(sql`lower(${invitations.email})`, email.toLowerCase()),
        isNull(invitations.acceptedAt),
      ),
    );
  if (open.length === 0) return;
  await db.delete(invitations).where(
    inArray(
      invitations.id,
      open.map((row) => row.id),
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

/** Marks the invitation accepted unless it already was; true when this call won. */
export const claimInvitation = async (db: Db, invitation: InvitationRow, at: Date) =>
  (
    await db
      .update(invitations)
      .set({ acceptedAt: at })
      .where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt)))
      .returning({ id: invitations.id })
  ).length === 1;

export const insertInvitedUser = async (
  db: Db,
  invitation: InvitationRow,
  passwordHash: string,
) => {
  const [user] = await db
    .insert(users)
    .values({
      companyId: invitation.companyId,
      email: invitation.email,
      name: invitation.name,
      role: invitation.role,
      passwordHash,
    })
    .returning();
  await db
    .update(invitations)
    .set({ acceptedUserId: user!.id })
    .where(eq(invitations.id, invitation.id));
  return user!;
};
