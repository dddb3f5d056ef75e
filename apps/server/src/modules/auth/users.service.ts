import type { Db } from '../../db/client.js';
import { hashPassword } from '../../lib/password.js';
import { insertAdmin } from './users.repository.js';

// Other modules look users up through here, never through the repository.
export { findUserByEmail, findUserById } from './users.repository.js';

/** A company's admin, with the company made when it does not exist yet (`admin:create`). */
export const createAdmin = async (
  db: Db,
  input: { email: string; name: string; company: string; password: string },
) =>
  insertAdmin(db, {
    email: input.email,
    name: input.name,
    company: input.company,
    passwordHash: await hashPassword(input.password),
  });
