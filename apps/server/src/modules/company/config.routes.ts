import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS,
  remoteConfigSchema,
  type PaymentsState,
} from '@leasing/contract';
import type { AppConfig } from '../../config.js';

const paymentsStateOf = (payments: AppConfig['payments']): PaymentsState =>
  !payments ? 'off' : payments.mode === 'unavailable' ? 'unavailable' : 'on';

/** Public remote configuration; clients fetch it at most once an hour. */
export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiRoutes.config,
    { schema: { response: { 200: remoteConfigSchema } } },
    async (_request, reply) => {
      reply.header(
        'cache-control',
        `public, max-age=${REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS / 1000}`,
      );
      return {
        sessionLimitMinutes: app.config.sessionLimitMinutes,
        minimumFetchIntervalMs: REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS,
        payments: paymentsStateOf(app.config.payments),
        calls: app.config.messaging.twilio ? ('twilio' as const) : ('sandbox' as const),
      };
    },
  );
};
