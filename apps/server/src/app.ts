import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { Redis } from 'ioredis';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { applyMigrations } from './db/migrate.js';
import { openConfiguredDatabase } from './db/open-configured-database.js';
import type { Clock } from './lib/clock.js';
import { serverRoot } from './lib/paths.js';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { configRoutes } from './modules/config/config.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { inboundEmailRoutes } from './modules/inbound-email/inbound-email.routes.js';
import { inboundSmsRoutes } from './modules/inbound-sms/inbound-sms.routes.js';
import { inboxRoutes } from './modules/inbox/inbox.routes.js';
import { integrationsRoutes } from './modules/integrations/integrations.routes.js';
import { conversationsRoutes } from './modules/conversations/conversations.routes.js';
import { mediaRoutes, messagingRoutes } from './modules/messaging/messaging.routes.js';
import { twilioWebhookRoutes } from './modules/messaging/twilio-webhooks.routes.js';
import { notesRoutes } from './modules/notes/notes.routes.js';
import { officeDecisionRoutes } from './modules/office-decision/office-decision.routes.js';
import { paymentHostRoutes, stripeWebhookRoutes } from './modules/payments/payment-host.routes.js';
import { paymentLinksRoutes } from './modules/payments/payment-links.routes.js';
import { propertiesRoutes } from './modules/properties/properties.routes.js';
import { secureAccessRoutes } from './modules/secure-access/secure-access.routes.js';
import { toursRoutes } from './modules/tours/tours.routes.js';
import { authPlugin } from './plugins/auth.js';
import { compressedParamsPlugin } from './plugins/compressed-params.js';
import { databasePlugin } from './plugins/database.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { eventsPlugin } from './plugins/events.js';
import { inboundSmtpPlugin } from './plugins/inbound-smtp.js';
import { messagingPlugin } from './plugins/messaging.js';
import { openapiPlugin } from './plugins/openapi.js';
import { paymentHostPlugin } from './plugins/payment-host.js';
import { paymentsPlugin } from './plugins/payments.js';
import { queuePlugin } from './plugins/queue.js';
import { livePlugin } from './plugins/live.js';
import { socketPlugin } from './plugins/socket.js';
import { spaPlugin } from './plugins/spa.js';
import { translationPlugin } from './plugins/translation.js';

export type BuildAppOptions = {
  config: AppConfig;
  /** A database opened by the caller (tests); otherwise the configured one is opened and owned. */
  database?: Database;
  /** The clock that issues and expires sign-in tokens; tests move it instead of waiting. */
  now?: Clock;
};

/** Builds the whole application from configuration; `server.ts` only listens. */
export const buildApp = async ({
  config,
  database,
  now,
}: BuildAppOptions): Promise<FastifyInstance> => {
  const ownsDatabase = !database;
  const db = database ?? (await openConfiguredDatabase(config));
  try {
    await applyMigrations(db);
  } catch (error) {
    if (ownsDatabase) await db.close();
    throw error;
  }

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  try {
    await app.register(databasePlugin, { config, database: db, ownsDatabase });
    await app.register(errorHandlerPlugin);
    await app.register(eventsPlugin);
    await app.register(paymentHostPlugin);
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: {
        directives: {
          scriptSrc: ["'self'", ...config.cspExtraOrigins],
          connectSrc: ["'self'", 'ws:', 'wss:', ...config.cspExtraOrigins],
          imgSrc: ["'self'", 'data:', 'blob:', ...config.cspExtraOrigins],
          frameAncestors: config.frameAncestors.length > 0 ? config.frameAncestors : ["'none'"],
          // Served over plain http (local demo, tests), upgrading would break every asset of a
          // host that is not localhost, such as the payment host.
          upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
        },
      },
      // X-Frame-Options cannot name several sites: with an allowlist, frame-ancestors alone decides.
      frameguard: config.frameAncestors.length > 0 ? false : { action: 'deny' },
    });
    await app.register(fastifyCookie);
    await app.register(fastifyFormbody);
    await app.register(fastifyMultipart);
    const rateLimitRedis = config.redisUrl
      ? new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 })
      : undefined;
    await app.register(fastifyRateLimit, {
      global: false,
      redis: rateLimitRedis,
      skipOnError: true,
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        code: 'RATE_LIMITED',
        message: `Too many sign-in attempts from this network. Try again in ${context.after}.`,
      }),
    });
    if (rateLimitRedis) app.addHook('onClose', async () => void (await rateLimitRedis.quit()));
    await app.register(compressedParamsPlugin);
    await app.register(authPlugin, { now });
    await app.register(queuePlugin);
    await app.register(messagingPlugin);
    await app.register(socketPlugin);
    await app.register(livePlugin);
    await app.register(translationPlugin);
    await app.register(paymentsPlugin);
    await app.register(openapiPlugin);

    await app.register(healthRoutes);
    await app.register(configRoutes);
    await app.register(authRoutes);
    await app.register(propertiesRoutes);
    await app.register(inboxRoutes);
    await app.register(toursRoutes);
    await app.register(conversationsRoutes);
    await app.register(notesRoutes);
    await app.register(officeDecisionRoutes);
    await app.register(apiKeysRoutes);
    await app.register(integrationsRoutes);
    await app.register(secureAccessRoutes);
    await app.register(paymentLinksRoutes);
    await app.register(paymentHostRoutes);
    await app.register(stripeWebhookRoutes);
    await app.register(messagingRoutes);
    await app.register(mediaRoutes);
    await app.register(twilioWebhookRoutes);
    await app.register(inboundSmtpPlugin);
    await app.register(inboundEmailRoutes);
    await app.register(inboundSmsRoutes);
    await app.register(fastifyStatic, {
      root: join(serverRoot, 'assets/demo-media'),
      prefix: '/media/demo/',
      decorateReply: false,
    });
    await app.register(spaPlugin);
    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
};
