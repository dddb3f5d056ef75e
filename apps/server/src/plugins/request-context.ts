import { fastifyRequestContext } from '@fastify/request-context';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module '@fastify/request-context' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface RequestContextData {
    /** The caller's address (after TRUST_PROXY), for the audit trail. */
    ip: string;
    /** The request's id (`x-request-id`), for the audit trail and the logs. */
    requestId: string;
  }
}

/**
 * Who is asking, reachable from anything the request runs (`app.requestContext.get('ip')`) without
 * threading it through every service: the audit trail reads it when it writes a row.
 */
export const requestContextPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyRequestContext, {
      defaultStoreValues: (request) => ({ ip: request.ip, requestId: request.id }),
    });
  },
  { name: 'request-context' },
);
