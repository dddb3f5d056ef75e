import type {} from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiRoutes,
  conversationEventSchema,
  IDEMPOTENCY_KEY_HEADER,
  leadIdParamsSchema,
  leadMessageParamsSchema,
  MAX_ATTACHMENTS,
  MAX_ATTACHMENTS_TOTAL_BYTES,
  MAX_EMAIL_ATTACHMENTS,
  MAX_EMAIL_ATTACHMENTS_TOTAL_BYTES,
  outboxPageSchema,
  pageQuerySchema,
  replyGuardFields,
  sendEmailRequestSchema,
  sendLaterFields,
  secretParam,
} from '@leasing/contract';
import { emailRequestOf, readMultipartSend } from './multipart-send.js';
import type { MediaStorage } from './media.storage.js';
import type { SendLimits } from './send-limits.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { ADMINS_ROUTE, principalOf } from '../../lib/principal.js';
import { FILE_CONTENT_TYPES, fileNameKey, MEDIA_CONTENT_TYPES } from './media.service.js';
import { listOutbox } from './outbox.repository.js';
import type { DraftBase } from './reply-guard.js';
import { retryMessage, sendEmail, sendSms } from './send.service.js';
import { sharedNumberOf } from '../numbers/index.js';

const idempotencyKeyOf = (headers: Record<string, unknown>) => {
  const key = headers[IDEMPOTENCY_KEY_HEADER];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || key.length < 8 || key.length > 200) {
    throw badRequest(`headers.${IDEMPOTENCY_KEY_HEADER}`, `8 to 200 characters`);
  }
  return key;
};

/** The optional template id of a multipart send, checked like the email body's JSON. */
const templateIdOf = (fields: Record<string, string>) => {
  if (!fields.templateId) return undefined;
  const parsed = z.uuid().safeParse(fields.templateId);
  if (!parsed.success) throw badRequest('body.templateId', 'must be a template id');
  return parsed.data;
};

/** The reply guard's multipart fields, checked like the email body's JSON. */
const draftBaseOf = (fields: Record<string, string>): DraftBase => {
  const parsed = z.object(replyGuardFields).safeParse({
    basedOnEventId: fields.basedOnEventId || undefined,
    force: fields.force === undefined ? undefined : fields.force === 'true',
  });
  if (!parsed.success) throw badRequest('body.basedOnEventId', 'must be an event id');
  if (fields.force !== undefined && !['true', 'false'].includes(fields.force)) {
    throw badRequest('body.force', "'true' or 'false'");
  }
  return parsed.data;
};

/** 'Send now' outside the lead's allowed hours: a multipart field, checked like JSON's boolean. */
const quietHoursOverrideOf = (fields: Record<string, string>) => {
  const value = fields.quietHoursOverride;
  if (value === undefined) return false;
  if (value !== 'true' && value !== 'false') {
    throw badRequest('body.quietHoursOverride', "'true' or 'false'");
  }
  return value === 'true';
};

/** 'Send later' multipart fields, checked like the email body's JSON (the time: by the service). */
const sendLaterOf = (fields: Record<string, string>) => {
  const parsed = z.object(sendLaterFields).safeParse({
    sendAt: fields.sendAt || undefined,
  });
  if (!parsed.success) throw badRequest('body.sendAt', 'must be an ISO date-time with its offset');
  if (
    fields.keepIfLeadReplies !== undefined &&
    !['true', 'false'].includes(fields.keepIfLeadReplies)
  )
    throw badRequest('body.keepIfLeadReplies', "'true' or 'false'");
  return { sendAt: parsed.data.sendAt, keepIfLeadReplies: fields.keepIfLeadReplies === 'true' };
};

export const messagingRoutes: FastifyPluginAsyncZod<{
  now: Clock;
  storage: MediaStorage;
  limits: SendLimits;
}> = async (app, { now, storage, limits }) => {
  const deps = {
    now,
    database: app.database,
    events: app.events,
    queue: app.queue,
    storage,
    jobExpireSeconds: app.config.messaging.sendJobExpireSeconds,
    shared: sharedNumberOf(app.config),
  };

  app.addHook('onRequest', app.authenticate);

  // Counted after sign-in, per person and per company: a runaway script or a stolen session
  // cannot flood leads (or the company's sending numbers) with texts and emails.
  const sendLimits = limits;

  app.post(
    apiRoutes.leadSms,
    {
      preHandler: async (request) => sendLimits.consume(principalOf(request)),
      schema: { params: leadIdParamsSchema, response: { 200: conversationEventSchema } },
    },
    async (request) => {
      if (!request.isMultipart())
        throw badRequest('body', 'send multipart/form-data with leadID, text and attachments');
      const { fields, files } = await readMultipartSend(request, {
        maxFiles: MAX_ATTACHMENTS,
        maxBytes: MAX_ATTACHMENTS_TOTAL_BYTES,
      });
      if (fields.leadID !== undefined && fields.leadID !== request.params.leadId) {
        throw badRequest('body.leadID', 'must match the lead in the path');
      }
      const principal = principalOf(request);
      const event = await sendSms(deps, principal, request.params.leadId, {
        text: fields.text ?? '',
        files,
        idempotencyKey: idempotencyKeyOf(request.headers),
        ...draftBaseOf(fields),
        ...sendLaterOf(fields),
        templateId: templateIdOf(fields),
        quietHoursOverride: quietHoursOverrideOf(fields),
      });
      return event;
    },
  );

  app.post(
    apiRoutes.leadEmail,
    {
      preHandler: async (request) => sendLimits.consume(principalOf(request)),
      schema: {
        params: leadIdParamsSchema,
        // JSON as described; multipart/form-data (the same fields, and `attachments` files) is
        // read and checked against the same schema in the handler.
        body: sendEmailRequestSchema.nullish(),
        response: { 200: conversationEventSchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const multipart = request.isMultipart()
        ? await readMultipartSend(request, {
            maxFiles: MAX_EMAIL_ATTACHMENTS,
            maxBytes: MAX_EMAIL_ATTACHMENTS_TOTAL_BYTES,
          })
        : undefined;
      const body = multipart ? emailRequestOf(multipart.fields) : request.body;
      if (!body) throw badRequest('body', 'send the email as JSON or multipart/form-data');
      const event = await sendEmail(deps, principal, request.params.leadId, {
        ...body,
        files: multipart?.files ?? [],
        idempotencyKey: idempotencyKeyOf(request.headers),
      });
      return event;
    },
  );

  /** 'Retry' of a failed message: a new attempt, queued like a send (and counted like one). */
  app.post(
    apiRoutes.leadMessageRetry,
    {
      preHandler: async (request) => sendLimits.consume(principalOf(request)),
      schema: { params: leadMessageParamsSchema, response: { 200: conversationEventSchema } },
    },
    (request) =>
      retryMessage(deps, principalOf(request), request.params.leadId, request.params.messageId),
  );

  /**
   * What the sandbox providers "sent", newest first: the messages a real provider would carry,
   * with sign-in emails (link masked) and what emails attached. A tool for whoever runs the
   * sandbox, not for the agents working leads: admins only.
   */
  app.get(
    apiRoutes.outbox,
    {
      config: ADMINS_ROUTE,
      schema: { querystring: pageQuerySchema, response: { 200: outboxPageSchema } },
    },
    (request) =>
      listOutbox(app.database.db, principalOf(request).companyId, request.query, {
        withSignInEmails: true,
        at: now(),
      }),
  );
};

/** `attachment` with an ASCII fallback name and the real one in RFC 5987 form. */
const contentDisposition = (name: string) => {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
};

const noSuchMedia = () => new HttpError('NOT_FOUND', 'No such media.');

export const mediaRoutes: FastifyPluginAsyncZod<{ storage: MediaStorage }> = async (
  app,
  { storage },
) => {
  // Public on purpose: Twilio fetches MMS media without credentials. The names are unguessable.
  app.get(
    apiRoutes.media,
    {
      schema: {
        // The file's random name is all that opens it: a credential, kept out of the logs.
        params: z.object({ file: secretParam(z.string().regex(/^[A-Za-z0-9_-]+\.[a-z0-9]+$/)) }),
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const extension = file.split('.').pop() ?? '';
      const image = MEDIA_CONTENT_TYPES[extension];
      const download = FILE_CONTENT_TYPES[extension];
      if (!image && !download) throw noSuchMedia();
      // A download's name is read first: once the object's stream is open it must be sent.
      const name = image ? undefined : (await storage.get(fileNameKey(file)))?.toString('utf8');
      const object = await storage.open(file);
      if (!object) throw noSuchMedia();
      if (!image) {
        // Never shown in the browser: saved under its own name, and sandboxed if opened anyway.
        reply
          .header('content-disposition', contentDisposition(name ?? file))
          .header('content-security-policy', "default-src 'none'; sandbox");
      }
      if (object.size !== undefined) reply.header('content-length', object.size);
      return reply
        .header('content-type', image ?? download!)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(object.body);
    },
  );
};
