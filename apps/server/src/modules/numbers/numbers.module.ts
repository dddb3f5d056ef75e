import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { numberInventoryOf } from '../../providers/number-inventory.js';
import { numbersRoutes } from './numbers.routes.js';
import { sharedNumberOf } from './numbers.service.js';

/** The numbers registry: which company owns each SMS number. */
export const numbersModule: FastifyPluginAsync<{ now: Clock }> = async (app, { now }) => {
  await app.register(numbersRoutes, {
    shared: sharedNumberOf(app.config),
    inventory: numberInventoryOf(app.config),
    now,
  });
};
