import { z } from 'zod';

export const companyStatuses = ['ACTIVE', 'MODERATOR'] as const;
export const companyStatusSchema = z.enum(companyStatuses);
export type CompanyStatus = z.infer<typeof companyStatusSchema>;
