import { eq, sql } from 'drizzle-orm';
import type { User } from '@leasing/contract';
import type { Principal } from '../../lib/principal.js';
import type { Db } from '../../db/client.js';
import { companies, users } from '../../db/schema/index.js';

const userWithCompany = {
  id: users.id,
  email: users.email,
  name: users.name,
  pictureUrl: users.pictureUrl,
  passwordHash: users.passwordHash,
  companyId: users.companyId,
  companyName: companies.name,
  companyStatus: companies.status,
};

export type UserWithCompany = Principal;

const selectUsers = (db: Db) =>
  db.select(userWithCompany).from(users).innerJoin(companies, eq(companies.id, users.companyId));

export const findUserByEmail = async (
  db: Db,
  email: string,
): Promise<UserWithCompany | undefined> =>
  (await selectUsers(db).where(eq(sql`lower(${users.email})`, email.toLowerCase())))[0];

export const findUserById = async (db: Db, id: string): Promise<UserWithCompany | undefined> =>
  (await selectUsers(db).where(eq(users.id, id)))[0];

export const toUserDto = (user: UserWithCompany): User => ({
  _id: user.id,
  email: user.email,
  name: user.name,
  picture: user.pictureUrl,
  companyID: user.companyId,
  companyName: user.companyName,
  companyStatus: user.companyStatus,
});
