import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { LoginRequest, LoginResponse } from '@leasing/contract';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { HttpError, unauthorized } from '../../lib/errors.js';
import {
  clearLoginFailures,
  LOGIN_FAILURE_WINDOW_MS,
  recentLoginFailures,
  recordLoginFailure,
} from './login-failures.repository.js';
import { getDecoyHash, verifyPassword } from '../../lib/password.js';
import {
  findRefreshToken,
  insertRefreshToken,
  markRotated,
  revokeFamily,
} from './refresh-tokens.repository.js';
import type { TokenService } from './token.service.js';
import {
  findUserByEmail,
  findUserById,
  toUserDto,
  type UserWithCompany,
} from './users.repository.js';

const INVALID_CREDENTIALS = 'Email or password is incorrect.';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type IssuedRefreshToken = { value: string; expiresAt: Date };

export type AuthService = ReturnType<typeof createAuthService>;

export const createAuthService = (
  db: Db,
  tokens: TokenService,
  config: AppConfig['auth'],
  now: Clock = systemClock,
) => {
  const issueRefreshToken = async (
    userId: string,
    familyId: string,
  ): Promise<IssuedRefreshToken> => {
    const value = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now().getTime() + config.refreshTokenTtlDays * 86_400_000);
    await insertRefreshToken(db, { userId, familyId, tokenHash: hashToken(value), expiresAt });
    return { value, expiresAt };
  };

  const signFor = (user: UserWithCompany) =>
    tokens.signIdToken({
      userId: user.id,
      email: user.email,
      name: user.name,
      picture: user.pictureUrl,
      companyId: user.companyId,
    });

  const throttleAccount = async (email: string) => {
    const failures = await recentLoginFailures(db, email);
    if (failures.count >= config.loginAccountFailureLimit && failures.oldest) {
      const retryAfter = Math.max(
        1,
        Math.ceil((failures.oldest.getTime() + LOGIN_FAILURE_WINDOW_MS - Date.now()) / 1000),
      );
      throw new HttpError(
        429,
        'RATE_LIMITED',
        `Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minutes.`,
        { 'retry-after': String(retryAfter) },
      );
    }
  };

  return {
    login: async (
      input: LoginRequest,
      ip: string,
    ): Promise<LoginResponse & { refresh: IssuedRefreshToken }> => {
      await throttleAccount(input.email);
      const user = await findUserByEmail(db, input.email);
      // Unknown email and wrong password take the same path and say the same thing.
      const valid = await verifyPassword(
        user?.passwordHash ?? (await getDecoyHash()),
        input.password,
      );
      if (!user || !user.passwordHash || !valid || user.deactivatedAt) {
        await recordLoginFailure(db, input.email, ip);
        throw new HttpError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
      }
      await clearLoginFailures(db, input.email);
      return {
        token: await signFor(user),
        user: toUserDto(user),
        refresh: await issueRefreshToken(user.id, randomUUID()),
      };
    },

    /**
     * Rotates the refresh token. Presenting a token that was already rotated means it leaked (or a
     * second tab raced us): within a short grace period it is honoured, afterwards the whole family
     * is revoked.
     */
    refresh: async (presented: string | undefined) => {
      if (!presented) throw unauthorized('No session to refresh. Sign in again.');
      const at = now();
      const stored = await findRefreshToken(db, hashToken(presented));
      if (!stored || stored.revokedAt || stored.expiresAt <= at) {
        throw unauthorized('Your session has ended. Sign in again.');
      }
      const wonRotation = await markRotated(db, stored.id, at);
      if (!wonRotation) {
        const rotatedAt = (await findRefreshToken(db, stored.tokenHash))?.rotatedAt ?? at;
        const withinGrace =
          at.getTime() - rotatedAt.getTime() <= config.refreshReuseGraceSeconds * 1000;
        if (!withinGrace) {
          await revokeFamily(db, stored.familyId, at);
          throw unauthorized('This session was used elsewhere and has been ended. Sign in again.');
        }
      }
      const user = await findUserById(db, stored.userId);
      if (!user || user.deactivatedAt) throw unauthorized('Your session has ended. Sign in again.');
      return {
        token: await signFor(user),
        refresh: await issueRefreshToken(user.id, stored.familyId),
      };
    },

    logout: async (presented: string | undefined) => {
      if (!presented) return;
      const stored = await findRefreshToken(db, hashToken(presented));
      if (stored) await revokeFamily(db, stored.familyId, now());
    },
  };
};
