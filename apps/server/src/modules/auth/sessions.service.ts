import type { FastifyInstance, FastifyReply } from 'fastify';
import type { LoginResponse } from '@leasing/contract';
import type { IssuedRefreshToken } from './auth.service.js';
import { recordSignIn } from './sign-in-audit.js';

export const REFRESH_COOKIE = 'refresh_token';
export const COOKIE_PATH = '/api/auth';

/** The refresh token goes to the browser as an http-only cookie only the auth routes receive. */
export const setSessionCookie = (
  app: FastifyInstance,
  reply: FastifyReply,
  refresh: IssuedRefreshToken,
) =>
  reply.setCookie(REFRESH_COOKIE, refresh.value, {
    httpOnly: true,
    sameSite: 'strict',
    secure: app.config.publicUrl.startsWith('https:'),
    path: COOKIE_PATH,
    expires: refresh.expiresAt,
  });

/**
 * Signs the user in on this reply, answered like a password sign-in (ID token and user in the
 * body, refresh cookie, a sign-in in the audit trail): for people whose identity another route
 * proved, such as an accepted invitation.
 */
export const beginSession = async (
  app: FastifyInstance,
  reply: FastifyReply,
  userId: string,
): Promise<LoginResponse> => {
  const { refresh, ...session } = await app.auth.startSession(userId);
  await recordSignIn(app.events, session.user);
  setSessionCookie(app, reply, refresh);
  return session;
};
