import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiRoutes, ONE_CLICK_UNSUBSCRIBE_BODY, unsubscribeParamsSchema } from '@leasing/contract';
import type { Clock } from '../../lib/clock.js';
import { badRequest } from '../../lib/errors.js';
import {
  isUnsubscribeToken,
  unsubscribeEmail,
  unsubscribeTokensOf,
  type UnsubscribeOutcome,
} from './consent.service.js';

const [FIELD, VALUE] = ONE_CLICK_UNSUBSCRIBE_BODY.split('=') as [string, string];

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:48px 20px;background:#f8f9fa;color:#212529}
main{max-width:440px;margin:0 auto;background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:28px}
h1{font-size:22px;margin:0 0 12px}button{font:inherit;font-weight:600;color:#fff;background:#1c7ed6;border:0;border-radius:6px;padding:10px 18px;cursor:pointer}</style>
</head><body><main><h1>${title}</h1>${body}</main></body></html>`;

const confirmPage = page(
  'Unsubscribe from these emails?',
  `<p>You will get no more email from this leasing office about your inquiry.</p>
<form method="post"><input type="hidden" name="${FIELD}" value="${VALUE}"><button type="submit">Unsubscribe</button></form>`,
);

const donePage = page(
  'You are unsubscribed',
  '<p>You will get no more email from this leasing office about your inquiry.</p>',
);

const unknownPage = page(
  'This link does not work',
  '<p>The unsubscribe link is incomplete or was not made by us. Copy the whole link from the email, or reply to the email and ask us to stop.</p>',
);

/** `List-Unsubscribe=One-Click`, form-encoded (what mail clients send) or as multipart. */
const oneClickField = async (request: FastifyRequest): Promise<string | undefined> => {
  if (request.isMultipart()) {
    for await (const part of request.parts()) {
      if (part.type === 'field' && part.fieldname === FIELD) return String(part.value);
    }
    return undefined;
  }
  const body = request.body;
  if (body && typeof body === 'object') {
    const value = (body as Record<string, unknown>)[FIELD];
    return typeof value === 'string' ? value : undefined;
  }
  return undefined;
};

const answer = (reply: FastifyReply, outcome: UnsubscribeOutcome) =>
  outcome === 'unknown'
    ? reply.status(404).type('text/html').send(unknownPage)
    : reply.status(200).type('text/html').send(donePage);

/**
 * The email unsubscribe link (RFC 8058), no sign-in: the token is the proof. GET only asks (mail
 * clients and scanners fetch links on their own), POST with `List-Unsubscribe=One-Click`
 * unsubscribes: the mail client's one click, or the page's button.
 */
export const consentRoutes: FastifyPluginAsyncZod<{ now: Clock }> = async (app, { now }) => {
  app.get(
    apiRoutes.unsubscribe,
    {
      schema: { hide: true, params: unsubscribeParamsSchema },
    },
    async (request, reply) => {
      const tokens = await unsubscribeTokensOf(app.database.db);
      if (!isUnsubscribeToken(tokens, request.params.token))
        return reply.status(404).type('text/html').send(unknownPage);
      return reply.type('text/html').header('cache-control', 'no-store').send(confirmPage);
    },
  );

  app.post(
    apiRoutes.unsubscribe,
    {
      schema: { hide: true, params: unsubscribeParamsSchema },
    },
    async (request, reply) => {
      if ((await oneClickField(request)) !== VALUE) {
        throw badRequest(`body.${FIELD}`, `must be ${VALUE} (RFC 8058 one-click)`);
      }
      const tokens = await unsubscribeTokensOf(app.database.db);
      const outcome = await unsubscribeEmail(
        { events: app.events, tokens, now },
        request.params.token,
      );
      return answer(reply, outcome);
    },
  );
};
