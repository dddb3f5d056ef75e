import type { Me, UpdateMeRequest } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { domainEvent } from '../../events/domain-events.js';
import type { EventPort } from '../../events/event-port.js';
import { badRequest } from '../../lib/errors.js';
import { userActor, type Principal } from '../../lib/principal.js';
import { numberOwner, type SharedNumber } from '../numbers/index.js';
import { findUserPhone, setUserPhone, toUserDto } from './users.repository.js';

export type ProfileDeps = { db: Db; events: EventPort; shared: SharedNumber };

/** The signed-in person as `GET /api/me` answers: who they are, and their own phone. */
export const getMe = async (db: Db, principal: Principal): Promise<Me> => ({
  ...toUserDto(principal),
  phone: await findUserPhone(db, principal.id),
});

/**
 * One's own phone, set or removed (audited). One of the numbers calls come in on is refused:
 * click-to-call would ring the console itself.
 */
export const updateMe = async (
  deps: ProfileDeps,
  principal: Principal,
  request: UpdateMeRequest,
): Promise<Me> => {
  const { phone } = request;
  if (
    phone &&
    (phone === deps.shared.e164 || (await numberOwner(deps.db, phone, deps.shared)) !== undefined)
  ) {
    throw badRequest('body.phone', 'is a number calls come in on: give the phone you answer');
  }
  await deps.events.transaction(async ({ db, record }) => {
    const { before } = await setUserPhone(db, principal.id, phone);
    if (before === phone) return;
    record(
      domainEvent('user.phone_changed', {
        companyId: principal.companyId,
        userId: principal.id,
        before,
        after: phone,
        actor: userActor(principal),
      }),
    );
  });
  return getMe(deps.db, principal);
};
