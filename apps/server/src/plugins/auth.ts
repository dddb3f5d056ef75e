import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StaffRole } from '@leasing/contract';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { createAuthService, type AuthService } from '../modules/auth/index.js';
import { createTokenService, isLeadAccessToken, type TokenService } from '../modules/auth/index.js';
import { findUserByEmail, findUserById } from '../modules/auth/index.js';
import { bearerToken, roleAllows, type Principal, type Session } from '../lib/principal.js';
import { sessionRoom } from '../lib/socket-rooms.js';
import {
  createLeadAccessResolver,
  leadScopeAllows,
  type LeadAccessSession,
} from '../modules/secure-access/index.js';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyInstance {
    tokens: TokenService;
    auth: AuthService;
    /**
     * Every route of the app with the staff roles it admits (`config.roles`; undefined: every
     * role), so a test can walk them all and no route escapes the role rule.
     */
    routeCatalog: { method: string; url: string; roles: readonly StaffRole[] | undefined }[];
    /** Resolves a bearer ID token to the staff user it names; throws 401 otherwise. */
    resolvePrincipal: (token: string | undefined) => Promise<Principal>;
    /** Like `resolvePrincipal`, with the moment the token stops being valid. */
    resolveSession: (token: string | undefined) => Promise<Session>;
    /** Resolves a secure-access token to the user it acts for and its lead; throws 401 otherwise. */
    resolveLeadAccess: (token: string) => Promise<LeadAccessSession>;
    /**
     * Staff ID tokens as always; a secure-access token only on the routes of its own lead (403
     * elsewhere, see `modules/secure-access/lead-scope.ts`).
     */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

export type AuthPluginOptions = { now?: Clock };

export const authPlugin = fp(
  async (app: FastifyInstance, { now = systemClock }: AuthPluginOptions) => {
    const db: Db = app.database.db;
    const tokens = await createTokenService(db, app.config.auth, now);
    app.decorate('tokens', tokens);
    app.decorate(
      'auth',
      createAuthService(db, tokens, app.config.auth, {
        now,
        // The socket plugin registers after this one; by the time a session ends it is there.
        onSessionEnded: (sessionId) => app.io?.in(sessionRoom(sessionId)).disconnectSockets(true),
      }),
    );
    const routeCatalog: FastifyInstance['routeCatalog'] = [];
    app.decorate('routeCatalog', routeCatalog);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD')
          routeCatalog.push({ method, url: route.url, roles: route.config?.roles });
      }
    });
    app.decorateRequest('principal', null);
    app.decorateRequest('leadAccess', null);

    const resolveSession = async (token: string | undefined): Promise<Session> => {
      if (!token) throw unauthorized();
      let verified;
      try {
        verified = await tokens.verify(token);
      } catch {
        throw unauthorized('Your session has expired or is invalid. Sign in again.');
      }
      const user =
        verified.source === 'local'
          ? await findUserById(db, verified.userId)
          : await findUserByEmail(db, verified.email);
      if (!user || (verified.source === 'local' && user.companyId !== verified.companyId)) {
        throw unauthorized('This account no longer has access.');
      }
      if (user.deactivatedAt) throw unauthorized('This account has been deactivated.');
      const iat = verified.payload.iat;
      if (user.tokensValidAfter && (!iat || iat * 1000 < user.tokensValidAfter.getTime())) {
        throw unauthorized('Your session has ended. Sign in again.');
      }
      // Signed out, or ended because its refresh token was reused: the ID token ends with it.
      if (
        verified.source === 'local' &&
        verified.sessionId &&
        !(await app.auth.isSessionLive(verified.sessionId))
      ) {
        throw unauthorized('Your session has ended. Sign in again.');
      }
      const exp = verified.payload.exp;
      return {
        principal: user,
        expiresAt: new Date(exp ? exp * 1000 : Date.now()),
        sessionId: verified.source === 'local' ? verified.sessionId : undefined,
      };
    };
    const resolvePrincipal = async (token: string | undefined) =>
      (await resolveSession(token)).principal;
    app.decorate('resolveSession', resolveSession);
    app.decorate('resolvePrincipal', resolvePrincipal);
    const resolveLeadAccess = createLeadAccessResolver(db, tokens);
    app.decorate('resolveLeadAccess', resolveLeadAccess);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request.headers.authorization);
      if (token && isLeadAccessToken(token)) {
        const access = await resolveLeadAccess(token);
        const route = {
          method: request.method,
          url: request.routeOptions.url,
          params: request.params,
        };
        if (!leadScopeAllows(route, access.lead)) throw forbidden();
        if (!roleAllows(access.principal, request.routeOptions.config.roles)) throw forbidden();
        request.principal = access.principal;
        request.leadAccess = { leadId: access.lead.id, expiresAt: access.expiresAt };
        return;
      }
      const principal = await resolvePrincipal(token);
      // The role is checked on the server for every route: hiding a button is not a permission.
      if (!roleAllows(principal, request.routeOptions.config.roles)) throw forbidden();
      request.principal = principal;
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
