import { z } from 'zod';

export const companyStatuses = ['ACTIVE', 'MODERATOR'] as const;
export const companyStatusSchema = z.enum(companyStatuses);
export type CompanyStatus = z.infer<typeof companyStatusSchema>;

/** What a staff user may do in their company: admins run it, managers lead a team, agents work leads. */
export const staffRoles = ['admin', 'manager', 'agent'] as const;
export const staffRoleSchema = z.enum(staffRoles);
export type StaffRole = z.infer<typeof staffRoleSchema>;
/** The words the console shows for each role. */
export const staffRoleLabels: Record<StaffRole, string> = {
  admin: 'Admin',
  manager: 'Manager',
  agent: 'Agent',
};
