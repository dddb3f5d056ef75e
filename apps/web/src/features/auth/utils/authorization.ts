import type { StaffRole } from '@leasing/contract';

/**
 * The settings pages (API keys, Numbers) are admins' only. The server refuses everyone else
 * whatever this says; the app only keeps from offering what would be refused.
 */
export function canManageSettings(role: StaffRole | undefined): boolean {
  return role === 'admin';
}
