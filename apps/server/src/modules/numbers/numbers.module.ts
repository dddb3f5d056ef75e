import type { FastifyPluginAsync } from 'fastify';
import { numbersRoutes } from './numbers.routes.js';
import type { SharedNumber } from './numbers.service.js';

/** The numbers registry: which company owns each SMS number. */
export const numbersModule: FastifyPluginAsync = async (app) => {
  const shared: SharedNumber = {
    e164: app.config.messaging.smsFrom,
    companyId: app.config.messaging.smsFromCompanyId,
  };
  await app.register(numbersRoutes, { shared });
};
