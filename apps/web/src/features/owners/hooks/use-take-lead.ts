import type { Lead, User } from '@leasing/contract';
import { useAssignLead } from '../api/assign-lead';
import { reassignBlockedReason } from '../utils/owner-label';

/**
 * Taking the lead ('Assign the lead to me'): whether the signed-in person may, being neither its
 * owner already nor an agent blocked from reassigning it, and doing it.
 */
export function useTakeLead(
  lead: Pick<Lead, '_id' | 'propertyID' | 'pmsLeadId' | 'owner'>,
  me: Pick<User, '_id' | 'name' | 'role'> | undefined,
) {
  const assign = useAssignLead(lead);
  const canTake =
    me !== undefined &&
    !(lead.owner.kind === 'user' && lead.owner.userId === me._id) &&
    reassignBlockedReason(lead.owner, me) === null;

  function take() {
    if (me) assign.mutate({ owner: { kind: 'user', userId: me._id }, name: me.name });
  }

  return { canTake, take };
}
