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
import { HttpError } from './lib/errors.js';
import { createSendWindow, type SendWindow } from './modules/scheduling/index.js';
import { serverRoot } from './lib/paths.js';
import { redactUrl } from './lib/redact-url.js';
import { apiKeysModule } from './modules/api-keys/index.js';
import { auditModule } from './modules/audit/index.js';
import { authModule } from './modules/auth/index.js';
import { configModule } from './modules/company/index.js';
import { leadsModule, consentModule } from './modules/lead/index.js';
import { draftsModule } from './modules/lead/index.js';
import { healthModule } from './modules/health/index.js';
import { createEmailTransport, inboundEmailModule } from './modules/email/index.js';
import type { DnsResolver } from './lib/dns-resolver.js';
import { createSmsProvider, smsModule } from './modules/sms/index.js';
import { followUpsModule } from './modules/lead/index.js';
import { inboxModule } from './modules/inbox/index.js';
import { integrationsModule } from './modules/integrations/index.js';
import { liveModule } from './modules/live/index.js';
import {
  createMessagingProviders,
  messagingModule,
  type MessagingProviders,
} from './modules/messaging/index.js';
import { notesModule } from './modules/lead/index.js';
import { notificationsModule } from './modules/notifications/index.js';
import { numbersModule } from './modules/numbers/index.js';
import { ownersModule } from './modules/lead/index.js';
import { leadStatusModule } from './modules/lead/index.js';
import { leadDetailsModule } from './modules/lead/index.js';
import { leadSourcesModule } from './modules/lead/index.js';
import { unmatchedModule } from './modules/unmatched/index.js';
import { onlineStaffIds, presenceModule } from './modules/presence/index.js';
import { officeHoursModule } from './modules/scheduling/index.js';
import { officeDecisionModule } from './modules/lead/index.js';
import { quietHoursModule } from './modules/scheduling/index.js';
import { createPaymentsDeps, paymentsModule, type PaymentsDeps } from './modules/payments/index.js';
import { propertiesModule } from './modules/company/index.js';
import { reportsModule } from './modules/reports/index.js';
import { secureAccessModule, type AccessLinkDeps } from './modules/secure-access/index.js';
import { teamModule } from './modules/team/index.js';
import { templatesModule } from './modules/templates/index.js';
import { tourBookingDepsOf, toursModule } from './modules/tours/index.js';
import {
  createTranslationRequests,
  translationModule,
  type TranslationRequests,
} from './modules/conversation/index.js';
import { voiceModule } from './modules/voice/index.js';
import { webhooksModule } from './modules/webhooks/index.js';
import { authPlugin } from './plugins/auth.js';
import { compressedParamsPlugin } from './plugins/compressed-params.js';
import { databasePlugin } from './plugins/database.js';
import { errorHandlerPlugin, frameworkErrors } from './plugins/error-handler.js';
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
import { liveSequencePlugin } from './plugins/live-sequence.js';
import { compressionPlugin } from './plugins/compression.js';
import { spaPlugin } from './plugins/spa.js';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyInstance {
    /** The Redis connection shared counters use when REDIS_URL is set; null otherwise. */
    counterRedis: Redis | null;
    /**
     * What the composition root built and handed to the modules, so tests and benchmarks reach
     * the same instances. Modules never read it: they get what they need as options.
     */
    services: AppServices;
  }
}

/** The dependencies `buildApp` builds once and passes to the modules that use them. */
export type AppServices = {
  messaging: MessagingProviders;
  translation: TranslationRequests;
  payments: PaymentsDeps;
  accessLinks: AccessLinkDeps;
};

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
/** Unconfirmed tours are released within a minute of their time (`releaseUnconfirmed`). */
const TOUR_RELEASE_SWEEP_MS = 60_000;

/** How often each process looks for weekly report emails that are due (Monday mornings). */
const DIGEST_SWEEP_MS = 5 * 60_000;

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
        // Fastify's own request fields, with credentials in the path or query kept out of the URL.
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactUrl(request.url, {
            pattern: request.routeOptions?.url,
            paramsSchema: request.routeOptions?.schema?.params,
          }),
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
    frameworkErrors,
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
    // Before every route, the built files' among them.
    await app.register(compressionPlugin);
    await app.register(securityHeadersPlugin, {
      contentSecurityPolicy: {
        directives: {
          scriptSrc: ["'self'", ...config.cspExtraOrigins],
          connectSrc: ["'self'", 'ws:', 'wss:', ...config.cspExtraOrigins],
          imgSrc: ["'self'", 'data:', 'blob:', ...config.cspExtraOrigins],
          // A call's recording plays from a blob: it is fetched with the session's token.
          mediaSrc: ["'self'", 'blob:'],
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
      errorResponseBuilder: (_request, context) =>
        new HttpError('RATE_LIMITED', `Too many requests. Try again in ${context.after}.`),
    });
    if (rateLimitRedis) app.addHook('onClose', () => closeRedis(rateLimitRedis));
    // Counters every process shares (send limits); null: this process counts alone.
    app.decorate('counterRedis', rateLimitRedis ?? null);
    await app.register(compressedParamsPlugin);
    await app.register(authPlugin, { now });
    await app.register(queuePlugin);
    await app.register(socketPlugin);
    await app.register(liveSequencePlugin);
    // Before the routes, so each one's requests are timed.
    await app.register(metricsPlugin);
    // Before any route, so every route is in the spec.
    await app.register(openapiPlugin);

    // The modules: each entry builds its dependencies, registers its routes, starts its workers.
    // The audit trail first: it subscribes before any other module can write.
    // Messaging and translation first: the inbound modules use their providers and queue.
    await app.register(auditModule);

    // The composition root: what several modules share is built here, once, and handed to each.
    const clock = now ?? systemClock;
    const messaging = createMessagingProviders(config, app.counterRedis, app.log, {
      sms: createSmsProvider(config),
      email: createEmailTransport(config),
    });
    app.addHook('onClose', messaging.close);
    const services: AppServices = {
      messaging,
      translation: createTranslationRequests(config.translate, app.queue),
      payments: await createPaymentsDeps(app, clock),
      accessLinks: {
        db: db.db,
        events: app.events,
        publicUrl: config.publicUrl,
        signLeadAccessToken: app.tokens.signLeadAccessToken,
      },
    };
    app.decorate('services', services);
    const { storage, limits } = messaging;

    // Scheduled texts leave inside the lead's allowed hours (quiet hours) unless a test says otherwise.
    await app.register(messagingModule, {
      now: clock,
      sendWindow: sendWindow ?? createSendWindow(db.db, clock),
      providers: messaging,
    });
    await app.register(liveModule);
    await app.register(presenceModule);
    await app.register(translationModule);
    await app.register(paymentsModule, { deps: services.payments, limits });
    await app.register(healthModule);
    await app.register(configModule);
    await app.register(authModule);
    await app.register(propertiesModule);
    await app.register(leadsModule, { now: clock });
    await app.register(inboxModule, { now: clock });
    await app.register(followUpsModule, { now: clock, sweepMs: FOLLOW_UP_SWEEP_MS });
    await app.register(officeHoursModule, { now: clock });
    await app.register(quietHoursModule);
    await app.register(toursModule, {
      now: clock,
      sms: messaging.sms,
      storage,
      releaseSweepMs: TOUR_RELEASE_SWEEP_MS,
    });
    await app.register(notesModule);
    await app.register(officeDecisionModule, { now: clock });
    await app.register(leadStatusModule, { now: clock });
    await app.register(leadDetailsModule, { now: clock });
    await app.register(leadSourcesModule);
    await app.register(unmatchedModule, { now: clock });
    await app.register(draftsModule);
    await app.register(templatesModule, { storage, payments: services.payments });
    await app.register(notificationsModule, { now: clock });
    await app.register(apiKeysModule);
    await app.register(numbersModule, { now: clock });
    await app.register(teamModule, { now: clock });
    await app.register(ownersModule, { now: clock });
    await app.register(reportsModule, { now: clock, digestSweepMs: DIGEST_SWEEP_MS });
    await app.register(integrationsModule, {
      accessLinks: services.accessLinks,
      now: clock,
      tours: tourBookingDepsOf(app, clock, storage),
    });
    await app.register(secureAccessModule, { accessLinks: services.accessLinks });
    await app.register(inboundEmailModule, {
      dnsResolver,
      now: clock,
      storage,
      translation: services.translation,
    });
    await app.register(smsModule, {
      now: clock,
      sms: messaging.sms,
      storage,
      translation: services.translation,
    });
    await app.register(voiceModule, {
      now: clock,
      recordings: messaging.recordings,
      staffOnDuty: (companyId) => onlineStaffIds(app.io, companyId),
    });
    await app.register(consentModule, { now: clock });
    await app.register(webhooksModule, { now: clock });
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
