import { createHash, randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import {
  createRemoteJWKSet,
  decodeJwt,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
  type CryptoKey,
} from 'jose';
import { LEAD_ACCESS_AUDIENCE } from '@leasing/contract';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { insertSigningKey, listSigningKeys } from './signing-keys.repository.js';

const ALG = 'ES256';

type KeyEntry = { kid: string; publicJwk: JWK; publicKey: CryptoKey; privateKey: CryptoKey };

export type IdTokenSubject = {
  userId: string;
  email: string;
  name: string;
  picture: string | null;
  companyId: string;
  /** The sign-in (refresh family) the token belongs to, as the OIDC `sid` claim. */
  sessionId?: string;
};

/** What a verified token says: our own (with companyID) or an external issuer's (email only). */
export type VerifiedToken =
  | {
      source: 'local';
      userId: string;
      companyId: string;
      sessionId: string | undefined;
      payload: JWTPayload;
    }
  | { source: 'external'; email: string; payload: JWTPayload };

/** Who a secure-access token acts for and the one lead it opens. */
export type LeadAccessClaims = { userId: string; companyId: string; leadId: string };

export type VerifiedLeadAccess = LeadAccessClaims & {
  expiresAt: Date;
  /** When it was minted (`iat`, whole seconds): a user's `tokensValidAfter` ends older links. */
  issuedAt: Date;
};

export type TokenService = {
  signIdToken: (subject: IdTokenSubject) => Promise<string>;
  verify: (token: string) => Promise<VerifiedToken>;
  /** A short-lived token for one lead, signed with the same keys as ID tokens but for its own audience. */
  signLeadAccessToken: (claims: LeadAccessClaims, ttlSeconds: number) => Promise<string>;
  verifyLeadAccessToken: (token: string) => Promise<VerifiedLeadAccess>;
  jwks: () => { keys: JWK[] };
};

/**
 * Whether a token claims the secure-access audience, read without verifying it: it only picks
 * which verification (with that audience pinned) the token must then pass.
 */
export const isLeadAccessToken = (token: string): boolean => {
  try {
    const { aud } = decodeJwt(token);
    return Array.isArray(aud) ? aud.includes(LEAD_ACCESS_AUDIENCE) : aud === LEAD_ACCESS_AUDIENCE;
  } catch {
    return false;
  }
};

const loadKeyEntries = async (db: Db): Promise<KeyEntry[]> => {
  const rows = await listSigningKeys(db);
  return Promise.all(
    rows.map(async (row) => ({
      kid: row.kid,
      publicJwk: { ...(row.publicJwk as JWK), kid: row.kid, alg: ALG, use: 'sig' },
      publicKey: (await importJWK(row.publicJwk as JWK, ALG)) as CryptoKey,
      privateKey: (await importJWK(row.privateJwk as JWK, ALG)) as CryptoKey,
    })),
  );
};

const createKey = async (db: Db) => {
  const { publicKey, privateKey } = await generateKeyPair(ALG, { extractable: true });
  await insertSigningKey(db, {
    kid: randomUUID(),
    alg: ALG,
    publicJwk: (await exportJWK(publicKey)) as Record<string, unknown>,
    privateJwk: (await exportJWK(privateKey)) as Record<string, unknown>,
  });
};

const secondsAfter = (start: Date, seconds: number) => new Date(start.getTime() + seconds * 1000);

/** How long a kid found in no reload is refused without looking again. */
const UNKNOWN_KID_TTL_MS = 60_000;
/** Bounds the memory of unknown kids; past it the memory starts over. */
const MAX_UNKNOWN_KIDS = 1_000;

/** How many verified ID tokens a process remembers (a few per signed-in person). */
const VERIFIED_TOKENS_MAX = 20_000;

export type TokenServiceDeps = {
  /** Called after every load of the signing keys from the database (tests count them). */
  onKeysLoaded?: () => void;
  /** Called for every ID token whose signature is checked, not answered from the cache (tests count them). */
  onSignatureChecked?: () => void;
};

/** A token's cache key: its SHA-256, so the cache holds no usable token. */
const tokenKey = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * The built-in identity provider's keys live in the database, so every process signs and verifies
 * with the same set and a restart signs nobody out. Issuing and expiry read `now`.
 */
export const createTokenService = async (
  db: Db,
  config: AppConfig['auth'],
  now: Clock = systemClock,
  { onKeysLoaded = () => {}, onSignatureChecked = () => {} }: TokenServiceDeps = {},
): Promise<TokenService> => {
  const load = async () => {
    const entries = await loadKeyEntries(db);
    onKeysLoaded();
    return entries;
  };
  let keys = await load();
  if (keys.length === 0) {
    await createKey(db);
    keys = await load();
  }
  const external = config.external;
  const externalJwks = external ? createRemoteJWKSet(new URL(external.jwksUrl)) : undefined;

  // Concurrent requests with unknown kids share one reload.
  let reloading: Promise<KeyEntry[]> | undefined;
  const reload = () => {
    reloading ??= load().finally(() => {
      reloading = undefined;
    });
    return reloading;
  };
  /** kid → until when (ms) it is refused without a reload. */
  const unknownKids = new Map<string, number>();

  /**
   * A kid we do not know may belong to a key another process created since we loaded ours, so
   * the keys are reloaded; but a kid that was not there a moment ago is refused for a minute
   * without asking the database again, or any made-up kid would cost a query.
   */
  const getLocalKey: JWTVerifyGetKey = async (header) => {
    let entry = keys.find((key) => key.kid === header.kid);
    if (entry) return entry.publicKey;
    const kid = header.kid;
    if (typeof kid !== 'string') throw new Error('token names no signing key');
    const at = now().getTime();
    if ((unknownKids.get(kid) ?? 0) > at) throw new Error('unknown signing key');
    keys = await reload();
    entry = keys.find((key) => key.kid === kid);
    if (!entry) {
      if (unknownKids.size >= MAX_UNKNOWN_KIDS) unknownKids.clear();
      unknownKids.set(kid, at + UNKNOWN_KID_TTL_MS);
      throw new Error('unknown signing key');
    }
    return entry.publicKey;
  };

  const verifySignature = async (token: string): Promise<VerifiedToken> => {
    onSignatureChecked();
    let issuer: unknown;
    try {
      issuer = decodeJwt(token).iss;
    } catch {
      throw new Error('malformed token');
    }
    if (external && externalJwks && issuer === external.issuer) {
      const { payload } = await jwtVerify(token, externalJwks, {
        issuer: external.issuer,
        audience: external.audience,
        algorithms: ['RS256', 'ES256', 'PS256', 'EdDSA'],
        // A token without an expiry would be good forever once it leaked.
        requiredClaims: ['exp'],
        currentDate: now(),
      });
      if (typeof payload.email !== 'string') throw new Error('external token has no email');
      // Users are matched by email: an address the issuer has not verified proves nothing.
      if (payload.email_verified !== true) throw new Error('external token email not verified');
      return { source: 'external', email: payload.email, payload };
    }
    const { payload } = await jwtVerify(token, getLocalKey, {
      issuer: config.issuer,
      audience: config.audience,
      algorithms: [ALG],
      currentDate: now(),
    });
    if (typeof payload.sub !== 'string' || typeof payload.companyID !== 'string') {
      throw new Error('token lacks sub or companyID');
    }
    return {
      source: 'local',
      userId: payload.sub,
      companyId: payload.companyID,
      sessionId: typeof payload.sid === 'string' ? payload.sid : undefined,
      payload,
    };
  };

  /**
   * Verified ID tokens by their hash, until they expire: checking an ES256 signature on every
   * request was the largest cost of a read. Only the signature and claims are remembered; who the
   * token names (deactivated, signed out everywhere, removed) is still looked up on every request,
   * so revocation wins at once.
   */
  const verifiedTokens = new LRUCache<string, VerifiedToken>({ max: VERIFIED_TOKENS_MAX });
  const expiresAtMs = (verified: VerifiedToken) => (verified.payload.exp ?? 0) * 1000;

  return {
    signIdToken: async (subject) => {
      const signer = keys[0];
      if (!signer) throw new Error('no signing key');
      const issuedAt = now();
      return new SignJWT({
        email: subject.email,
        name: subject.name,
        picture: subject.picture,
        companyID: subject.companyId,
        ...(subject.sessionId ? { sid: subject.sessionId } : {}),
      })
        .setProtectedHeader({ alg: ALG, kid: signer.kid, typ: 'JWT' })
        .setSubject(subject.userId)
        .setIssuer(config.issuer)
        .setAudience(config.audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(secondsAfter(issuedAt, config.idTokenTtlSeconds))
        .sign(signer.privateKey);
    },

    verify: async (token) => {
      const key = tokenKey(token);
      const known = verifiedTokens.get(key);
      if (known && expiresAtMs(known) > now().getTime()) return known;
      const verified = await verifySignature(token);
      if (verified.payload.exp !== undefined) verifiedTokens.set(key, verified);
      return verified;
    },

    signLeadAccessToken: async (claims, ttlSeconds) => {
      const signer = keys[0];
      if (!signer) throw new Error('no signing key');
      const issuedAt = now();
      return new SignJWT({ leadID: claims.leadId, companyID: claims.companyId })
        .setProtectedHeader({ alg: ALG, kid: signer.kid, typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(config.issuer)
        .setAudience(LEAD_ACCESS_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(secondsAfter(issuedAt, ttlSeconds))
        .sign(signer.privateKey);
    },

    verifyLeadAccessToken: async (token) => {
      const { payload } = await jwtVerify(token, getLocalKey, {
        issuer: config.issuer,
        audience: LEAD_ACCESS_AUDIENCE,
        algorithms: [ALG],
        requiredClaims: ['exp', 'sub', 'iat'],
        currentDate: now(),
      });
      const { sub, companyID, leadID, exp, iat } = payload;
      if (typeof sub !== 'string' || typeof companyID !== 'string' || typeof leadID !== 'string') {
        throw new Error('access token lacks sub, companyID or leadID');
      }
      return {
        userId: sub,
        companyId: companyID,
        leadId: leadID,
        expiresAt: new Date((exp ?? 0) * 1000),
        issuedAt: new Date((iat ?? 0) * 1000),
      };
    },

    jwks: () => ({ keys: keys.map((key) => key.publicJwk) }),
  };
};
