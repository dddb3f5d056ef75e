import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { StaffRole, User } from '@leasing/contract';
import type { Principal } from '../../lib/principal.js';
import type { Db } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { companies, users } from '../../db/schema/index.js';
import { insertCompany } from '../company/index.js';

const userWithCompany = {
  id: users.id,
  email: users.email,
  name: users.name,
  pictureUrl: users.pictureUrl,
  passwordHash: users.passwordHash,
  companyId: users.companyId,
  companyName: companies.name,
  companyStatus: companies.status,
  role: users.role,
  deactivatedAt: users.deactivatedAt,
  tokensValidAfter: users.tokensValidAfter,
};

export type UserWithCompany = Principal;

const selectUsers = (db: Db) =>
  db.select(userWithCompany).from(users).innerJoin(companies, eq(companies.id, users.companyId));

export const findUserByEmail = async (
  db: Db,
  email: string,
): Promise<UserWithCompany | undefined> =>
  (await selectUsers(db).where(eq(sql`lower(${users.email})`, email.toLowerCase())))[0];

// Every authenticated request looks its user up: prepared once.
const userById = preparedQuery((db) =>
  selectUsers(db)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('user_by_id'),
);

export const findUserById = async (db: Db, id: string): Promise<UserWithCompany | undefined> =>
  (await userById(db).execute({ id }))[0];

export const toUserDto = (user: UserWithCompany): User => ({
  _id: user.id,
  email: user.email,
  name: user.name,
  picture: user.pictureUrl,
  companyID: user.companyId,
  companyName: user.companyName,
  companyStatus: user.companyStatus,
  role: user.role,
});

/**
 * An admin of the company named `company` (its id or its exact name), creating the company when
 * none matches. Refuses an email any user already has.
 */
export const insertAdmin = async (
  db: Db,
  input: { email: string; name: string; company: string; passwordHash: string },
): Promise<{ companyName: string; createdCompany: boolean }> =>
  db.transaction(async (tx) => {
    const taken = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()));
    if (taken.length > 0) throw new Error(`A user with the email ${input.email} already exists.`);
    const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(
      input.company,
    );
    const matches = await tx
      .select()
      .from(companies)
      .where(isId ? eq(companies.id, input.company) : eq(companies.name, input.company));
    if (matches.length > 1) {
      throw new Error(`Several companies are named "${input.company}": pass the company's id.`);
    }
    if (isId && matches.length === 0) throw new Error(`No company with id ${input.company}.`);
    const company = matches[0] ?? (await insertCompany(tx, input.company));
    await tx.insert(users).values({
      companyId: company.id,
      email: input.email,
      name: input.name,
      passwordHash: input.passwordHash,
      role: 'admin',
    });
    return { companyName: company.name, createdCompany: matches.length === 0 };
  });

/*
 * The user rows' writes for the team settings. `users` is written by this module only: the team
 * module calls these (exported from `index.ts`), in its own transaction.
 */

/** A new person of the company (an invitation accepted). */
export const insertStaffUser = async (
  db: Db,
  values: Pick<typeof users.$inferInsert, 'companyId' | 'email' | 'name' | 'role' | 'passwordHash'>,
) => (await db.insert(users).values(values).returning())[0]!;

export const setUserRole = async (db: Db, userId: string, role: StaffRole) => {
  await db.update(users).set({ role }).where(eq(users.id, userId));
};

/** The person's own phone (E.164), null when they set none. */
export const findUserPhone = async (db: Db, userId: string): Promise<string | null> =>
  (await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId)))[0]?.phone ??
  null;

/** The phones (E.164) of those of `userIds` who are active staff of the company and set one. */
export const findActiveStaffPhones = async (
  db: Db,
  companyId: string,
  userIds: readonly string[],
): Promise<string[]> => {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ phone: users.phone })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        inArray(users.id, [...userIds]),
        isNull(users.deactivatedAt),
        isNotNull(users.phone),
      ),
    )
    .orderBy(users.name);
  return rows.map((row) => row.phone!);
};

/** The name of the company's active staff member whose own phone `phone` is (E.164), if any. */
export const findStaffNameByPhone = async (
  db: Db,
  companyId: string,
  phone: string,
): Promise<string | undefined> =>
  (
    await db
      .select({ name: users.name })
      .from(users)
      .where(
        and(eq(users.companyId, companyId), eq(users.phone, phone), isNull(users.deactivatedAt)),
      )
      .orderBy(users.name)
      .limit(1)
  )[0]?.name;

/** Sets (or with null removes) the person's own phone; answers the one it replaced. */
export const setUserPhone = async (
  db: Db,
  userId: string,
  phone: string | null,
): Promise<{ before: string | null }> => {
  const [before] = await db
    .select({ phone: users.phone })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  await db.update(users).set({ phone }).where(eq(users.id, userId));
  return { before: before?.phone ?? null };
};

/** Deactivated at `at` (their tokens issued before stop working), or active again (null). */
export const setUserDeactivated = async (db: Db, userId: string, at: Date | null) => {
  await db
    .update(users)
    .set(at ? { deactivatedAt: at, tokensValidAfter: at } : { deactivatedAt: null })
    .where(eq(users.id, userId));
};
