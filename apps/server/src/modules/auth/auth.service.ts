import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { LoginRequest, LoginResponse } from '@leasing/contract';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { HttpError, unauthorized } from '../../lib/errors.js';
import { claimLoginAttempt, recordLoginSuccess } from './login-failures.repository.js';
import { getDecoyHash, verifyPassword } from '../../lib/password.js';
import {
  findRefreshToken,
  insertRefreshToken,
  isFamilyActive,
  loadSuccessorKey,
  markRotated,
  revokeFamily,
  type RefreshTokenRow,
} from './refresh-tokens.repository.js';
import type { TokenService } from './token.service.js';
import {
  findUserByEmail,
  findUserById,
  findUserPhone,
  toUserDto,
  type UserWithCompany,
} from './users.repository.js';
import { sha256Hex } from '../../lib/secret-hash.js';

const INVALID_CREDENTIALS = 'Email or password is incorrect.';

/**
 * How long a process takes a live sign-in (refresh family) on trust before asking the database
 * again: a sign-out or a detected reuse on another process ends HTTP access within this time; on
 * the process that ended it, at once.
 */
export const SESSION_CHECK_TTL_MS = 5_000;
/** How many sign-ins a process remembers (a few per signed-in person). */
const SESSION_CHECKS_MAX = 20_000;

export type IssuedRefreshToken = { value: string; expiresAt: Date };

export type AuthService = ReturnType<typeof createAuthService>;

export type AuthServiceDeps = {
  now?: Clock;
  /** Told when a sign-in ends on the server (sign-out, reuse, time limit): close its sockets. */
  onSessionEnded?: (sessionId: string) => void;
};

export const createAuthService = (
  db: Db,
  tokens: TokenService,
  config: AppConfig['auth'],
  { now = systemClock, onSessionEnded = () => {} }: AuthServiceDeps = {},
) => {
  let successorKey: Promise<Buffer> | undefined;
  /**
   * A token's successor is derived from it with the installation's key, not drawn at random: a
   * token presented twice within the grace window gets the same successor, never a second chain,
   * and nothing but a hash is stored.
   */
  const successorOf = async (presented: string) => {
    successorKey ??= loadSuccessorKey(db);
    return createHmac('sha256', await successorKey)
      .update(`refresh-successor|${presented}`)
      .digest('base64url');
  };

  const sessionEndsAt = (sessionStartedAt: Date) =>
    new Date(sessionStartedAt.getTime() + config.sessionLimitMinutes * 60_000);

  const issueRefreshToken = async (
    value: string,
    userId: string,
    family: { familyId: string; sessionStartedAt: Date },
  ): Promise<IssuedRefreshToken> => {
    const ttlEnd = now().getTime() + config.refreshTokenTtlDays * 86_400_000;
    const expiresAt = new Date(Math.min(ttlEnd, sessionEndsAt(family.sessionStartedAt).getTime()));
    await insertRefreshToken(db, {
      userId,
      familyId: family.familyId,
      sessionStartedAt: family.sessionStartedAt,
      tokenHash: sha256Hex(value),
      expiresAt,
    });
    // A successor derived before keeps its own expiry: answer what is stored.
    const stored = await findRefreshToken(db, sha256Hex(value));
    return { value, expiresAt: stored?.expiresAt ?? expiresAt };
  };

  const signFor = (user: UserWithCompany, sessionId: string) =>
    tokens.signIdToken({
      userId: user.id,
      email: user.email,
      name: user.name,
      picture: user.pictureUrl,
      companyId: user.companyId,
      sessionId,
    });

  // An ended sign-in never comes back, so that answer is kept; a live one only for a moment.
  const sessionChecks = new LRUCache<string, { live: boolean; checkedAt: number }>({
    max: SESSION_CHECKS_MAX,
  });

  const endFamily = async (stored: RefreshTokenRow, at: Date) => {
    await revokeFamily(db, stored.familyId, at);
    sessionChecks.set(stored.familyId, { live: false, checkedAt: at.getTime() });
    onSessionEnded(stored.familyId);
  };

  /**
   * Records the attempt as a failure up front, atomically; an account locked for this address, or
   * backing off after failures from everywhere, answers 429.
   */
  const throttleAccount = async (email: string, ip: string, at: Date) => {
    const attempt = await claimLoginAttempt(
      db,
      email,
      ip,
      {
        perAddress: config.loginAccountFailureLimit,
        perAccount: config.loginAccountGlobalFailureLimit,
      },
      at,
    );
    if (!attempt.allowed) {
      const retryAfter = Math.max(1, Math.ceil((attempt.retryAt.getTime() - at.getTime()) / 1000));
      const wait =
        retryAfter < 60 ? `${retryAfter} seconds` : `${Math.ceil(retryAfter / 60)} minutes`;
      throw new HttpError(
        'RATE_LIMITED',
        `Too many failed sign-in attempts. Try again in ${wait}.`,
        { 'retry-after': String(retryAfter) },
      );
    }
  };

  /** A new sign-in (refresh family): its first ID token and refresh token. */
  const openSession = async (user: UserWithCompany) => {
    const family = { familyId: randomUUID(), sessionStartedAt: now() };
    return {
      token: await signFor(user, family.familyId),
      user: { ...toUserDto(user), phone: await findUserPhone(db, user.id) },
      refresh: await issueRefreshToken(randomBytes(32).toString('base64url'), user.id, family),
    };
  };

  return {
    login: async (
      input: LoginRequest,
      ip: string,
    ): Promise<LoginResponse & { refresh: IssuedRefreshToken }> => {
      const at = now();
      await throttleAccount(input.email, ip, at);
      const user = await findUserByEmail(db, input.email);
      // Unknown email and wrong password take the same path and say the same thing.
      const valid = await verifyPassword(
        user?.passwordHash ?? (await getDecoyHash()),
        input.password,
      );
      // The failure was recorded before the check; a success clears it with the others.
      if (!user || !user.passwordHash || !valid || user.deactivatedAt) {
        throw new HttpError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
      }
      await recordLoginSuccess(db, input.email, ip, at);
      return openSession(user);
    },

    /**
     * Signs in a user whose identity was proven another way: the person who just accepted an
     * invitation and chose their password.
     */
    startSession: async (
      userId: string,
    ): Promise<LoginResponse & { refresh: IssuedRefreshToken }> => {
      const user = await findUserById(db, userId);
      if (!user || user.deactivatedAt) throw unauthorized('This account has no access.');
      return openSession(user);
    },

    /**
     * Rotates the refresh token. Presenting a token that was already rotated means it leaked (or a
     * second tab raced us): within a short grace period it gets the same successor again,
     * afterwards the whole family is revoked. No family outlives SESSION_LIMIT_MINUTES from its
     * sign-in, however often it is refreshed.
     */
    refresh: async (presented: string | undefined) => {
      if (!presented) throw unauthorized('No session to refresh. Sign in again.');
      const at = now();
      const stored = await findRefreshToken(db, sha256Hex(presented));
      if (!stored || stored.revokedAt) {
        throw unauthorized('Your session has ended. Sign in again.');
      }
      if (sessionEndsAt(stored.sessionStartedAt) <= at) {
        await endFamily(stored, at);
        throw unauthorized('Your session has reached its time limit. Sign in again.');
      }
      if (stored.expiresAt <= at) throw unauthorized('Your session has ended. Sign in again.');
      const wonRotation = await markRotated(db, stored.id, at);
      if (!wonRotation) {
        const rotatedAt = (await findRefreshToken(db, stored.tokenHash))?.rotatedAt ?? at;
        const withinGrace =
          at.getTime() - rotatedAt.getTime() <= config.refreshReuseGraceSeconds * 1000;
        if (!withinGrace) {
          await endFamily(stored, at);
          throw unauthorized('This session was used elsewhere and has been ended. Sign in again.');
        }
      }
      const user = await findUserById(db, stored.userId);
      if (!user || user.deactivatedAt) throw unauthorized('Your session has ended. Sign in again.');
      return {
        token: await signFor(user, stored.familyId),
        refresh: await issueRefreshToken(await successorOf(presented), user.id, stored),
      };
    },

    /** Ends the whole sign-in the token belongs to: every token of its family, and its sockets. */
    logout: async (presented: string | undefined) => {
      if (!presented) return;
      const stored = await findRefreshToken(db, sha256Hex(presented));
      if (stored) await endFamily(stored, now());
    },

    /** Whether the sign-in is still live: some token of its family neither revoked nor expired. */
    isSessionActive: (sessionId: string) => isFamilyActive(db, sessionId, now()),

    /** `isSessionActive`, a live answer remembered for SESSION_CHECK_TTL_MS (every HTTP request). */
    isSessionLive: async (sessionId: string) => {
      const at = now().getTime();
      const known = sessionChecks.get(sessionId);
      if (known && (!known.live || at - known.checkedAt < SESSION_CHECK_TTL_MS)) return known.live;
      const live = await isFamilyActive(db, sessionId, new Date(at));
      sessionChecks.set(sessionId, { live, checkedAt: at });
      return live;
    },
  };
};
