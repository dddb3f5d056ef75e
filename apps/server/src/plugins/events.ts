import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createEventPort, type EventPort } from '../events/event-port.js';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyInstance {
    /** The domain-event port: transactions that record events, and their subscribers. */
    events: EventPort;
  }
}

export const eventsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('events', createEventPort({ database: app.database, log: app.log }));
  },
  { name: 'events', dependencies: ['database'] },
);
