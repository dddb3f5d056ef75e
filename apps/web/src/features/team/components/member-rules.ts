import type { TeamMember } from '@leasing/contract';

/** Why the admin cannot change this person's role or access, or null when they can. */
export function blockedReason(member: TeamMember, team: TeamMember[], selfId: string | undefined) {
  if (member.status === 'invited') return 'Invitation sent: they join when they accept it.';
  if (member._id === selfId) return 'This is you: another admin can change your role or access.';
  const activeAdmins = team.filter((other) => other.status === 'active' && other.role === 'admin');
  if (member.status === 'active' && member.role === 'admin' && activeAdmins.length <= 1) {
    return 'The last active admin: make someone else an admin first.';
  }
  return null;
}
