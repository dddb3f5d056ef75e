import { z } from 'zod';
import { companyStatusSchema, staffRoleSchema } from './company.js';

export const loginRequestSchema = z.object({
  email: z.email('Enter a valid email address').max(320),
  password: z.string().min(1, 'Enter your password').max(1000),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const userSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  picture: z.string().nullable(),
  companyID: z.string(),
  companyName: z.string(),
  companyStatus: companyStatusSchema,
  role: staffRoleSchema,
});
export type User = z.infer<typeof userSchema>;

/** The signed-in person (`GET /api/me`, a sign-in's answer): with their own phone, null until set. */
export const meSchema = userSchema.extend({ phone: z.string().nullable() });
export type Me = z.infer<typeof meSchema>;

export const loginResponseSchema = z.object({ token: z.string(), user: meSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshResponseSchema = z.object({ token: z.string() });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

/** Claims of the ID token the built-in identity provider signs. */
export const idTokenClaimsSchema = z.object({
  sub: z.string(),
  email: z.string(),
  name: z.string(),
  picture: z.string().nullable().optional(),
  companyID: z.string(),
});
export type IdTokenClaims = z.infer<typeof idTokenClaimsSchema>;
