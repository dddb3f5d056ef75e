import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiRoutes,
  loginRequestSchema,
  loginResponseSchema,
  refreshResponseSchema,
} from '@leasing/contract';
import { HttpError } from '../../lib/errors.js';
import { recordSignIn, recordSignInFailure } from './sign-in-audit.js';
import type { IssuedRefreshToken } from './auth.service.js';
import { COOKIE_PATH, REFRESH_COOKIE, setSessionCookie } from './sessions.service.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const setRefreshCookie = (reply: FastifyReply, refresh: IssuedRefreshToken) =>
    setSessionCookie(app, reply, refresh);

  app.post(
    apiRoutes.login,
    {
      schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } },
      config: {
        rateLimit: {
          max: app.config.auth.loginIpLimitPerMinute,
          timeWindow: '1 minute',
          keyGenerator: (request) => `login:${request.ip}`,
          errorResponseBuilder: (_request, context) =>
            new HttpError(
              'RATE_LIMITED',
              `Too many sign-in attempts from this network. Try again in ${context.after}.`,
            ),
        },
      },
    },
    async (request, reply) => {
      let login;
      try {
        login = await app.auth.login(request.body, request.ip);
      } catch (error) {
        if (error instanceof HttpError && (error.statusCode === 401 || error.statusCode === 429)) {
          await recordSignInFailure(app.events, app.database.db, request.body.email, error);
        }
        throw error;
      }
      const { refresh, ...session } = login;
      await recordSignIn(app.events, session.user);
      setRefreshCookie(reply, refresh);
      return session;
    },
  );

  app.post(
    apiRoutes.refresh,
    {
      schema: { response: { 200: refreshResponseSchema } },
      // Refresh tokens are long random values; the limit keeps guessing and replay storms slow.
      config: {
        rateLimit: {
          max: app.config.auth.refreshIpLimitPerMinute,
          timeWindow: '1 minute',
          keyGenerator: (request) => `refresh:${request.ip}`,
        },
      },
    },
    async (request, reply) => {
      try {
        const { token, refresh } = await app.auth.refresh(request.cookies[REFRESH_COOKIE]);
        setRefreshCookie(reply, refresh);
        return { token };
      } catch (error) {
        reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
        throw error;
      }
    },
  );

  app.post(
    apiRoutes.logout,
    { schema: { response: { 204: z.null() } } },
    async (request, reply) => {
      await app.auth.logout(request.cookies[REFRESH_COOKIE]);
      reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
      return reply.status(204).send(null);
    },
  );

  app.get(apiRoutes.jwks, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return app.tokens.jwks();
  });
};
