import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig, TrustProxy } from './config.js';
import type { Database } from './db/client.js';
import { applyMigrations } from './db/migrate.js';
import { openConfiguredDatabase } from './db/open-configured-database.js';
import { systemClock, type Clock } from './lib/clock.js';
import type { SendWindow } from './modules/messaging/send-window.js';
import { createSendWindow } from './modules/quiet-hours/send-window.js';
import { serverRoot } from './lib/paths.js';
import { redactUrl } from './lib/redact-url.js';
import { apiKeysModule } from './modules/api-keys/api-keys.module.js';
import { auditModule } from './modules/audit/audit.module.js';
import { authModule } from './modules/auth/auth.module.js';
import { configModule } from './modules/config/config.module.js';
import { consentModule } from './modules/consent/consent.module.js';
import { conversationsModule } from './modules/conversations/conversations.module.js';
import { draftsModule } from './modules/drafts/drafts.module.js';
import { healthModule } from './modules/health/health.module.js';
import { inboundEmailModule } from './modules/inbound-email/inbound-email.module.js';
import type { DnsResolver } from './lib/dns-resolver.js';
import { inboundSmsModule } from './modules/inbound-sms/inbound-sms.module.js';
import { followUpsModule } from './modules/follow-ups/follow-ups.module.js';
import { inboxModule } from './modules/inbox/inbox.module.js';
import { integrationsModule } from './modules/integrations/integrations.module.js';
import { liveModule } from './modules/live/live.module.js';
import { messagingModule } from './modules/messaging/messaging.module.js';
import { notesModule } from './modules/notes/notes.module.js';
import { notificationsModule } from './modules/notifications/notifications.module.js';
import { numbersModule } from './modules/numbers/numbers.module.js';
import { ownersModule } from './modules/owners/owners.module.js';
import { leadStatusModule } from './modules/lead-status/lead-status.module.js';
import { leadDetailsModule } from './modules/lead-details/lead-details.module.js';
import { unmatchedModule } from './modules/unmatched/unmatched.module.js';
import { presenceModule } from './modules/presence/presence.module.js';
import { officeHoursModule } from './modules/office-hours/office-hours.module.js';
import { officeDecisionModule } from './modules/office-decision/office-decision.module.js';
import { quietHoursModule } from './modules/quiet-hours/quiet-hours.module.js';
import { paymentsModule } from './modules/payments/payments.module.js';
import { propertiesModule } from './modules/properties/properties.module.js';
import { secureAccessModule } from './modules/secure-access/secure-access.module.js';
import { teamModule } from './modules/team/team.module.js';
import { templatesModule } from './modules/templates/templates.module.js';
import { toursModule } from './modules/tours/tours.module.js';
import { translationModule } from './modules/translation/translation.module.js';
import { webhooksModule } from './modules/webhooks/webhooks.module.js';
import { authPlugin } from './plugins/auth.js';
import { compressedParamsPlugin } from './plugins/compressed-params.js';
import { databasePlugin } from './plugins/database.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { eventsPlugin } from './plugins/events.js';
import { metricsPlugin } from './plugins/metrics.js';
import { openapiPlugin } from './plugins/openapi.js';
import { paymentHostPlugin } from './plugins/payment-host.js';
import { queuePlugin } from './plugins/queue.js';
import { closeRedis, createRedisClient } from './plugins/redis-client.js';
import { createResponseSerializerCompiler } from './plugins/response-serializer.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { requestContextPlugin } from './plugins/request-context.js';
import { socketPlugin } from './plugins/socket.js';
import { spaPlugin } from './plugins/spa.js';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyInstance {
    /** The Redis connection shared counters use when REDIS_URL is set; null otherwise. */
    counterRedis: Redis | null;
  }
}

export type BuildAppOptions = {
  config: AppConfig;
  /** A database opened by the caller (tests); otherwise the configured one is opened and owned. */
  database?: Database;
  /** The clock that issues and expires sign-in tokens; tests move it instead of waiting. */
  now?: Clock;
  /** Where the log lines go instead of stdout (tests read what would be shipped). */
  logStream?: DestinationStream;
  /** Answers the DNS lookups of inbound sender verification; unset uses the system's DNS. */
  dnsResolver?: DnsResolver;
  /** When scheduled messages may leave; unset: the companies' quiet hours. */
  sendWindow?: SendWindow;
};

/** How long one plugin (a module, the queue, the socket server) may take to start. */
const PLUGIN_TIMEOUT_MS = 60_000;

/** How often each process looks for follow-ups that came due (`follow_up.due`). */
const FOLLOW_UP_SWEEP_MS = 15_000;

/** A hop count trusts that many proxies in front of us (Fastify's types omit the number form). */
const trustProxyOption = (trust: TrustProxy) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/** Builds the whole application from configuration; `server.ts` only listens. */
export const buildApp = async ({
  config,
  database,
  now,
  logStream,
  dnsResolver,
  sendWindow,
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
      serializers: {
        // Fastify's own request fields, with credentials in the query kept out of the URL.
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
      ...(logStream ? { stream: logStream } : {}),
    },
    trustProxy: trustProxyOption(config.trustProxy),
    requestIdHeader: 'x-request-id',
    // Fastify's 10 s per plugin is too short for a start on a busy machine (the queue's schema
    // on PostgreSQL, Redis connections): a slow start is still a start. One that hangs fails
    // within the minute.
    pluginTimeout: PLUGIN_TIMEOUT_MS,
    genReqId: () => randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    createResponseSerializerCompiler({ verify: config.responseValidation }),
  );
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  try {
    await app.register(databasePlugin, { config, database: db, ownsDatabase });
    await app.register(errorHandlerPlugin);
    await app.register(requestContextPlugin);
    await app.register(eventsPlugin);
    await app.register(paymentHostPlugin);
    await app.register(securityHeadersPlugin, {
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
      ? createRedisClient(config.redisUrl, 'counters', app.log, {
          connectTimeout: 500,
          maxRetriesPerRequest: 1,
        })
      : undefined;
    await app.register(fastifyRateLimit, {
      global: false,
      redis: rateLimitRedis,
      skipOnError: true,
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        code: 'RATE_LIMITED',
        message: `Too many requests. Try again in ${context.after}.`,
      }),
    });
    if (rateLimitRedis) app.addHook('onClose', () => closeRedis(rateLimitRedis));
    // Counters every process shares (send limits); null: this process counts alone.
    app.decorate('counterRedis', rateLimitRedis ?? null);
    await app.register(compressedParamsPlugin);
    await app.register(authPlugin, { now });
    await app.register(queuePlugin);
    await app.register(socketPlugin);
    // Before the routes, so each one's requests are timed.
    await app.register(metricsPlugin);
    // Before any route, so every route is in the spec.
    await app.register(openapiPlugin);

    // The modules: each entry builds its dependencies, registers its routes, starts its workers.
    // The audit trail first: it subscribes before any other module can write.
    // Messaging and translation first: the inbound modules use their providers and queue.
    await app.register(auditModule);
    // Scheduled texts leave inside the lead's allowed hours (quiet hours) unless a test says otherwise.
    await app.register(messagingModule, {
      now: now ?? systemClock,
      sendWindow: sendWindow ?? createSendWindow(db.db, now ?? systemClock),
    });
    await app.register(liveModule);
    await app.register(presenceModule);
    await app.register(translationModule);
    await app.register(paymentsModule);
    await app.register(healthModule);
    await app.register(configModule);
    await app.register(authModule);
    await app.register(propertiesModule, { now: now ?? systemClock });
    await app.register(inboxModule, { now: now ?? systemClock });
    await app.register(followUpsModule, { now: now ?? systemClock, sweepMs: FOLLOW_UP_SWEEP_MS });
    await app.register(officeHoursModule, { now: now ?? systemClock });
    await app.register(quietHoursModule);
    await app.register(toursModule);
    await app.register(conversationsModule);
    await app.register(notesModule);
    await app.register(officeDecisionModule, { now: now ?? systemClock });
    await app.register(leadStatusModule, { now: now ?? systemClock });
    await app.register(leadDetailsModule, { now: now ?? systemClock });
    await app.register(unmatchedModule, { now: now ?? systemClock });
    await app.register(draftsModule);
    await app.register(templatesModule);
    await app.register(notificationsModule, { now: now ?? systemClock });
    await app.register(apiKeysModule);
    await app.register(numbersModule);
    await app.register(teamModule, { now: now ?? systemClock });
    await app.register(ownersModule, { now: now ?? systemClock });
    await app.register(integrationsModule);
    await app.register(secureAccessModule);
    await app.register(inboundEmailModule, { dnsResolver });
    await app.register(inboundSmsModule, { now: now ?? systemClock });
    await app.register(consentModule, { now: now ?? systemClock });
    await app.register(webhooksModule, { now: now ?? systemClock });
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
