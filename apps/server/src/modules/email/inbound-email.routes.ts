import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  INBOUND_EMAIL_SECRET_HEADER,
  inboundEmailAcceptedSchema,
} from '@leasing/contract';
import { badRequest, HttpError } from '../../lib/errors.js';
import { receiveInboundEmail, type InboundEmailDeps } from './inbound-email.service.js';

/** Content types a mail provider may post a raw RFC 5322 message with. */
const RAW_MIME_TYPES = ['message/rfc822', 'text/plain', 'application/octet-stream'];

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compared as fixed-length digests, in constant time: the answer's timing reveals nothing. */
const secretMatches = (given: unknown, secret: string) =>
  typeof given === 'string' && timingSafeEqual(digest(given), digest(secret));

/**
 * `POST /webhooks/email/inbound`: a raw email from a mail provider that relays inbound mail over
 * HTTP, authenticated by the shared secret. Without INBOUND_EMAIL_SECRET the route does not exist.
 */
export const inboundEmailRoutes: FastifyPluginAsyncZod<{ deps: InboundEmailDeps }> = async (
  app,
  { deps },
) => {
  const secret = app.config.inbound.emailSecret;
  if (!secret) return;
  const bodyLimit = app.config.inbound.emailMaxBytes;

  // Only in this plugin's scope: elsewhere text/plain keeps Fastify's own string parser.
  app.removeContentTypeParser(['text/plain']);
  app.addContentTypeParser(
    RAW_MIME_TYPES,
    { parseAs: 'buffer', bodyLimit },
    (_request, body, done) => done(null, body),
  );

  app.post(
    apiRoutes.emailInbound,
    {
      bodyLimit,
      // Before the body is read: an unauthenticated caller cannot make us take in 25 MB.
      onRequest: async (request) => {
        if (!secretMatches(request.headers[INBOUND_EMAIL_SECRET_HEADER], secret)) {
          throw new HttpError(
            'BAD_SECRET',
            `The request does not carry the right ${INBOUND_EMAIL_SECRET_HEADER} header.`,
          );
        }
      },
      schema: { response: { 202: inboundEmailAcceptedSchema } },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) {
        throw badRequest('body', `a raw MIME message sent as ${RAW_MIME_TYPES.join(', ')}`);
      }
      return reply.status(202).send(await receiveInboundEmail(deps, request.body));
    },
  );
};
