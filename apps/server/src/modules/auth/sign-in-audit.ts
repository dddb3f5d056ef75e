import type { User } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { domainEvent } from '../../events/domain-events.js';
import type { EventPort } from '../../events/event-port.js';
import type { HttpError } from '../../lib/errors.js';
import { findUserByEmail } from './users.repository.js';

/** A successful sign-in, as a domain event (the audit trail records it). */
export const recordSignIn = (events: EventPort, user: User) =>
  events.transaction(async ({ record }) =>
    record(
      domainEvent('auth.signed_in', {
        companyId: user.companyID,
        userId: user._id,
        actor: { kind: 'user', userId: user._id, name: user.name },
      }),
    ),
  );

/**
 * A failed sign-in: kept for the company of the account it tried (an admin sees who is being
 * guessed at), or for no company when no account has that email.
 */
export const recordSignInFailure = async (
  events: EventPort,
  db: Db,
  email: string,
  error: HttpError,
) => {
  const user = await findUserByEmail(db, email);
  await events.transaction(async ({ record }) =>
    record(
      domainEvent('auth.sign_in_failed', {
        companyId: user?.companyId ?? null,
        email,
        reason: error.statusCode === 429 ? 'locked' : 'invalid credentials',
      }),
    ),
  );
};
