import { ASSISTANT_OWNER_LABEL, UNASSIGNED_OWNER_LABEL } from '@leasing/contract';
import type { LeadOwner, OwnerChoice, User } from '@leasing/contract';

/** "Alex Kim", "Assistant", "Unassigned". */
export function ownerName(owner: LeadOwner): string {
  if (owner.kind === 'user') return owner.name;
  return owner.kind === 'assistant' ? ASSISTANT_OWNER_LABEL : UNASSIGNED_OWNER_LABEL;
}

/** The toast after a change: "Assigned to Alex Kim", "Handed back to the assistant", "Unassigned". */
export function ownerChoiceLabel(owner: OwnerChoice, name: string): string {
  if (owner.kind === 'assistant') return 'Handed back to the assistant';
  if (owner.kind === 'unassigned') return 'Lead unassigned';
  return `Assigned to ${name}`;
}

/**
 * Who works the lead, short enough for the pane's one line: "Assistant active", "Unassigned ·
 * assistant active", "Alex Kim · assistant paused" ("You · assistant paused" for the signed-in
 * owner).
 */
export function ownerStateLine(owner: LeadOwner, meId: string | undefined): string {
  if (owner.kind === 'assistant') return 'Assistant active';
  if (owner.kind === 'unassigned') return 'Unassigned · assistant active';
  const who = owner.userId === meId ? 'You' : owner.name;
  return `${who} · assistant paused`;
}

/**
 * Why the signed-in person may not change the owner, or null when they may: agents take leads
 * nobody (or the assistant) works and hand on their own; managers and admins reassign anyone's.
 */
export function reassignBlockedReason(
  owner: LeadOwner,
  me: Pick<User, '_id' | 'role'> | undefined,
): string | null {
  if (!me || me.role !== 'agent') return null;
  if (owner.kind === 'user' && owner.userId !== me._id) {
    return `${owner.name} owns this lead: only managers and admins can reassign it`;
  }
  return null;
}

/** Whether an agent may give the lead to this choice (taking a lead: only for themselves). */
export function canChoose(
  owner: LeadOwner,
  choice: OwnerChoice,
  me: Pick<User, '_id' | 'role'> | undefined,
): boolean {
  if (!me || me.role !== 'agent') return true;
  if (reassignBlockedReason(owner, me)) return false;
  const ownsIt = owner.kind === 'user' && owner.userId === me._id;
  return ownsIt || (choice.kind === 'user' && choice.userId === me._id);
}
