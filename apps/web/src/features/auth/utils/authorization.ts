import type { StaffRole } from '@leasing/contract';

/**
 * The settings pages (API keys, Numbers) are admins' only. The server refuses everyone else
 * whatever this says; the app only keeps from offering what would be refused.
 */
export function canManageSettings(role: StaffRole | undefined): boolean {
  return role === 'admin';
}

/**
 * The team's pages (workload, assignment, pipeline) are managers' and admins'. As above, the
 * server decides; this only keeps the app from offering what it would refuse.
 */
export function canLeadTeam(role: StaffRole | undefined): boolean {
  return role === 'admin' || role === 'manager';
}
