import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_SESSION_LIMIT_MINUTES } from '@leasing/contract';
import { defaultWebDistDir, repoRoot } from './lib/paths.js';

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** One CSP frame-ancestors source: an origin (a `*.` subdomain wildcard allowed) or 'self'. */
const frameAncestorPattern = /^(https?:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?|'self')$/i;

/** proxy-addr's names for address ranges, accepted by Fastify's trustProxy like addresses. */
const proxyRangeNames = ['loopback', 'linklocal', 'uniquelocal'];

const isAddressOrCidr = (value: string) => {
  if (proxyRangeNames.includes(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
};

/**
 * Fastify's `trustProxy`: how many hops of, or which proxies' X-Forwarded-For to believe. `true`
 * (believe any X-Forwarded-For) is refused: a client could then claim any address, and the
 * per-IP limits and the audit trail would count whatever it claims.
 */
export type TrustProxy = false | number | string[];

const TRUST_PROXY_EXPECTS =
  'false, a hop count (1 behind one load balancer), or comma-separated proxy addresses/CIDRs like 10.0.0.0/8';

const trustProxySchema = optionalString.pipe(
  z
    .string()
    .refine(
      (value) => value !== 'true',
      `true would believe any X-Forwarded-For; set ${TRUST_PROXY_EXPECTS}`,
    )
    .refine(
      (value) =>
        value === 'true' ||
        /^(false|\d+)$/.test(value) ||
        value.split(',').every((item) => isAddressOrCidr(item.trim())),
      TRUST_PROXY_EXPECTS,
    )
    .transform((value): TrustProxy => {
      if (value === 'false') return false;
      if (/^\d+$/.test(value)) return Number(value);
      return value.split(',').map((item) => item.trim());
    })
    .optional(),
);

/** A duration like `500ms`, `10s`, `2m`, `6h`, in milliseconds. */
const durationMs = (value: string): number | undefined => {
  const match = /^(\d+)(ms|s|m|h)$/.exec(value.trim());
  if (!match) return undefined;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] as 'ms' | 's' | 'm' | 'h'];
  return Number(match[1]) * unit;
};
const durationSchema = z
  .string()
  .refine((value) => (durationMs(value) ?? 0) > 0, 'a duration like 500ms, 10s, 2m or 6h')
  .transform((value) => durationMs(value)!);
const durationListSchema = z
  .string()
  .refine(
    (value) => value.split(',').every((item) => (durationMs(item) ?? 0) > 0),
    'comma-separated durations like 10s,30s,2m,6h',
  )
  .transform((value) => value.split(',').map((item) => durationMs(item)!));

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: port(3000),
  DATABASE_URL: optionalString.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'a postgres:// connection URL' }).optional(),
  ),
  DATA_DIR: z.string().default('./.data'),
  REDIS_URL: optionalString.pipe(
    z.url({ protocol: /^rediss?$/, error: 'a redis:// URL' }).optional(),
  ),
  PUBLIC_URL: optionalString.pipe(z.url({ error: 'an absolute http(s) URL' }).optional()),
  CORS_ORIGINS: optionalString,
  CSP_EXTRA_ORIGINS: optionalString,
  FRAME_ANCESTORS: optionalString.pipe(
    z
      .string()
      .refine(
        (value) => value.split(',').every((origin) => frameAncestorPattern.test(origin.trim())),
        "comma-separated origins like https://pms.example.com (or 'self')",
      )
      .optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalString,
  SESSION_LIMIT_MINUTES: z.coerce.number().int().positive().default(DEFAULT_SESSION_LIMIT_MINUTES),
  AUTH_ISSUER: optionalString.pipe(z.url({ error: 'the external issuer URL' }).optional()),
  AUTH_AUDIENCE: optionalString,
  AUTH_JWKS_URL: optionalString.pipe(z.url({ error: 'the external JWKS URL' }).optional()),
  LOGIN_IP_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  LOGIN_ACCOUNT_FAILURE_LIMIT: z.coerce.number().int().positive().default(5),
  LOGIN_ACCOUNT_GLOBAL_FAILURE_LIMIT: z.coerce.number().int().positive().default(50),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).default(30),
  REFRESH_IP_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  INTEGRATION_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  SOCKET_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(600),
  SEND_USER_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  SEND_COMPANY_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  INVITE_TTL_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .max(24 * 90, 'at most 2160 hours (90 days)')
    .default(24 * 7),
  TRUST_PROXY: trustProxySchema,
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM: optionalString.pipe(
    z
      .string()
      .regex(/^\+[1-9]\d{7,14}$/, 'an E.164 phone number like +15125550100')
      .optional(),
  ),
  TWILIO_MESSAGING_SERVICE_SID: optionalString,
  TWILIO_API_URL: z.url({ error: 'an absolute http(s) URL' }).default('https://api.twilio.com'),
  TWILIO_FROM_COMPANY: optionalString.pipe(z.uuid({ error: "a company's id (UUID)" }).optional()),
  TWILIO_MPS: z.coerce.number().positive().default(1),
  SEND_JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).default(120),
  STATUS_RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(1).default(600),
  QUEUE_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).default(60),
  SMTP_URL: optionalString.pipe(
    z.url({ protocol: /^smtps?$/, error: 'an smtp:// or smtps:// URL' }).optional(),
  ),
  INBOUND_SMTP_PORT: port(2525),
  INBOUND_EMAIL_SECRET: optionalString.pipe(
    z.string().min(16, 'a shared secret of at least 16 characters').optional(),
  ),
  INBOUND_EMAIL_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(25 * 1024 * 1024),
  INBOUND_SMTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(20),
  INBOUND_SMTP_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).default(5),
  INBOUND_SMTP_IDLE_TIMEOUT: durationSchema.prefault('60s'),
  INBOUND_SMTP_SESSION_TIMEOUT: durationSchema.prefault('10m'),
  INBOUND_SMTP_TLS_CERT: optionalString,
  INBOUND_SMTP_TLS_KEY: optionalString,
  INBOUND_SMTP_MESSAGES_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(100),
  INBOUND_SMTP_MESSAGES_PER_SENDER_PER_HOUR: z.coerce.number().int().min(1).default(30),
  TRANSLATE_URL: optionalString.pipe(
    z.url({ error: 'the base URL of a LibreTranslate-compatible API' }).optional(),
  ),
  TRANSLATE_API_KEY: optionalString,
  PAYMENT_HOST: optionalString.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i,
        'a host name like pay.example.com',
      )
      .optional(),
  ),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: optionalString.pipe(z.url({ error: 'an absolute http(s) URL' }).optional()),
  PAYMENTS_SANDBOX: z
    .enum(['true', 'false'], { error: 'true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  SEED_DEMO: optionalString.pipe(z.enum(['true', 'false']).optional()),
  WEBHOOK_TIMEOUT: durationSchema.prefault('10s'),
  WEBHOOK_RETRY_DELAYS: durationListSchema.prefault('10s,30s,2m,10m,30m,2h,6h,12h'),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: optionalString.pipe(
    z.enum(['true', 'false'], { error: 'true or false' }).optional(),
  ),
  RESPONSE_VALIDATION: optionalString.pipe(
    z.enum(['true', 'false'], { error: 'true or false' }).optional(),
  ),
  MEDIA_S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens',
      )
      .optional(),
  ),
  MEDIA_S3_REGION: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, 'a region like us-east-1')
      .default('us-east-1'),
  ),
  MEDIA_S3_ENDPOINT: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: 'the http(s) URL of an S3-compatible store' }).optional(),
  ),
  MEDIA_S3_FORCE_PATH_STYLE: optionalString.pipe(
    z.enum(['true', 'false'], { error: 'true or false' }).optional(),
  ),
  MEDIA_S3_ACCESS_KEY_ID: optionalString,
  MEDIA_S3_SECRET_ACCESS_KEY: optionalString,
  MEDIA_S3_PREFIX: optionalString.pipe(
    z
      .string()
      .refine(
        (value) =>
          /^\/*[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/*$/.test(value) &&
          !/(^|\/)\.\.?(\/|$)/.test(value),
        'a key prefix like media or tenants/acme',
      )
      .transform((value) => value.replace(/^\/+|\/+$/g, ''))
      .optional(),
  ),
  METRICS_TOKEN: optionalString.pipe(
    z.string().min(16, 'a bearer token of at least 16 characters').optional(),
  ),
  METRICS_PORT: optionalString.pipe(
    z.coerce
      .number<string>({ error: 'a port number (1-65535)' })
      .int('a port number (1-65535)')
      .min(1, 'a port number (1-65535)')
      .max(65535, 'a port number (1-65535)')
      .optional(),
  ),
});

/** A PEM value as given, or the contents of the file it names. */
const pemOf = (name: string, value: string) => {
  if (value.includes('-----BEGIN ')) return value.replace(/\\n/g, '\n');
  try {
    return readFileSync(value, 'utf8');
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration:\n  ${name}: PEM text, or the path of a PEM file (${(error as Error).message})`,
    );
  }
};

/**
 * STARTTLS's certificate and key: both or neither, each PEM text or a file path, and the key must
 * be the certificate's (checked here, so a wrong pair stops the start instead of every handshake).
 */
const smtpTlsOf = (certSetting: string | undefined, keySetting: string | undefined) => {
  if (!certSetting && !keySetting) return undefined;
  if (!certSetting || !keySetting) {
    throw new ConfigError(
      'Invalid configuration:\n  INBOUND_SMTP_TLS_CERT and INBOUND_SMTP_TLS_KEY: set both, or neither for a self-signed certificate',
    );
  }
  const cert = pemOf('INBOUND_SMTP_TLS_CERT', certSetting);
  const key = pemOf('INBOUND_SMTP_TLS_KEY', keySetting);
  let matches: boolean;
  try {
    matches = new X509Certificate(cert).checkPrivateKey(createPrivateKey(key));
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration:\n  INBOUND_SMTP_TLS_CERT and INBOUND_SMTP_TLS_KEY: a PEM certificate and its private key (${(error as Error).message})`,
    );
  }
  if (!matches) {
    throw new ConfigError(
      'Invalid configuration:\n  INBOUND_SMTP_TLS_KEY: is not the private key of INBOUND_SMTP_TLS_CERT',
    );
  }
  return { cert, key };
};

export type Env = z.input<typeof envSchema>;

export type AppConfig = {
  nodeEnv: 'development' | 'production' | 'test';
  /**
   * Every answer checked against its contract schema besides the fast serializer (tests,
   * development); production writes answers with the fast serializer alone.
   */
  responseValidation: boolean;
  host: string;
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  publicUrl: string;
  corsOrigins: string[];
  /** Origins the page may also load scripts from and connect to (monitoring, analytics). */
  cspExtraOrigins: string[];
  /** Sites that may show the console in a frame (secure-access links in a PMS); empty: none. */
  frameAncestors: string[];
  logLevel: string;
  /** Whose X-Forwarded-For decides `request.ip` (rate limits, lockout records); false: nobody's. */
  trustProxy: TrustProxy;
  /** Requests a minute one integration API key may make. */
  integrationLimitPerMinute: number;
  /** Messages (SMS and email) a minute one staff user, and one company, may send by hand. */
  sendLimitsPerMinute: { user: number; company: number };
  /** Requests one console socket may make a minute; past it they go unanswered. */
  socketRequestsPerMinute: number;
  webDistDir: string;
  sessionLimitMinutes: number;
  seedDemo: boolean;
  messaging: {
    /** Real Twilio when both credentials are set; otherwise the sandbox SMS provider. */
    twilio:
      | { accountSid: string; authToken: string; messagingServiceSid: string | undefined }
      | undefined;
    twilioApiUrl: string;
    /** The shared sending number of properties without their own. */
    smsFrom: string;
    /**
     * The company that owns the shared number; unset: whoever the registry says, else the first
     * company.
     */
    smsFromCompanyId: string | undefined;
    /** Messages a second each sending number may send. */
    messagesPerSecond: number;
    /** Real SMTP relay when set; otherwise the sandbox email provider. */
    smtpUrl: string | undefined;
    /** A send job whose worker went silent this long is tried again. */
    sendJobExpireSeconds: number;
    /** A text still not final this long after the provider took it is looked up there. */
    statusReconcileAfterSeconds: number;
  };
  inbound: {
    /** Port of the inbound SMTP listener; 0 turns it off. */
    smtpPort: number;
    /** Shared secret of `POST /webhooks/email/inbound`; unset turns that route off. */
    emailSecret: string | undefined;
    /** Largest inbound email accepted, in bytes. */
    emailMaxBytes: number;
    /** SMTP clients connected at once; one more is answered 421. */
    smtpMaxConnections: number;
    /** SMTP clients connected at once from one IP address; one more is answered 421. */
    smtpMaxConnectionsPerIp: number;
    /** A session whose client owes us input this long is closed (421). */
    smtpIdleTimeoutMs: number;
    /** A session is closed this long after it opened, however busy (421). */
    smtpSessionTimeoutMs: number;
    /**
     * The certificate and key STARTTLS presents (PEM); undefined: a self-signed one is made and
     * kept in DATA_DIR.
     */
    smtpTls: { cert: string; key: string } | undefined;
    /** Messages one client IP, and one envelope sender, may start an hour; more are answered 450. */
    smtpMessagesPerIpPerHour: number;
    smtpMessagesPerSenderPerHour: number;
  };
  /** A LibreTranslate-compatible API; unset turns translation off. */
  translate: { url: string; apiKey: string | undefined } | undefined;
  /** How often the queue looks for expired jobs. */
  queueMaintenanceSeconds: number;
  /** Outbound webhooks: how long one attempt may take, and the waits before each retry. */
  webhooks: {
    timeoutMs: number;
    /** A delivery gets `retryDelaysMs.length + 1` attempts. */
    retryDelaysMs: number[];
    /** Whether endpoint URLs may reach loopback and private addresses (off in production). */
    allowPrivateNetworks: boolean;
  };
  /** Where uploaded and inbound media live: a bucket when MEDIA_S3_BUCKET is set, else DATA_DIR/media. */
  mediaS3: S3MediaConfig | undefined;
  /**
   * Prometheus metrics: `GET /metrics` on the public port with this bearer token (unset: 404), and
   * without a token on a port of their own (unset: none).
   */
  metrics: { token: string | undefined; port: number | undefined };
  /** Payment links; undefined when no PAYMENT_HOST is set (links cannot be made). */
  payments:
    | {
        /** The host name that serves payment-domain mode, and nothing else. */
        host: string;
        /** Base of the links: PUBLIC_URL's scheme and port on the payment host. */
        baseUrl: string;
        /** Real Stripe when a secret key is set; otherwise the sandbox provider, if allowed. */
        stripe:
          { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
        /**
         * How payers pay: Stripe; the sandbox (test cards, no money moves: a local payment host,
         * or PAYMENTS_SANDBOX=true); or not at all (a public payment host without Stripe keys).
         */
        mode: PaymentMode;
      }
    | undefined;
  auth: {
    issuer: string;
    audience: string;
    idTokenTtlSeconds: number;
    refreshTokenTtlDays: number;
    refreshReuseGraceSeconds: number;
    /** How long a team invitation's link works. */
    inviteTtlHours: number;
    /** A refresh family ends this long after the sign-in that started it. */
    sessionLimitMinutes: number;
    loginIpLimitPerMinute: number;
    refreshIpLimitPerMinute: number;
    /** Failed sign-ins on one account from one address in 15 minutes before that pair is locked. */
    loginAccountFailureLimit: number;
    /** Failed sign-ins on one account from all addresses in 15 minutes before it backs off. */
    loginAccountGlobalFailureLimit: number;
    external: { issuer: string; audience: string; jwksUrl: string } | undefined;
  };
};

export type PaymentMode = 'stripe' | 'sandbox' | 'unavailable';

/** An S3 bucket (or any S3-compatible store) that holds the media instead of the local disk. */
export type S3MediaConfig = {
  bucket: string;
  region: string;
  /** An S3-compatible store's URL; unset: AWS S3 itself. */
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** Unset: the SDK's default credential chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** A folder in the bucket, without slashes at either end; '' for the bucket's root. */
  prefix: string;
};

/**
 * Hosts no payer on the internet can reach: `localhost`, loopback addresses and the names
 * reserved for testing (RFC 2606 / 6761: `.localhost`, `.test`, `.example`, `.invalid`).
 */
export const isLocalPaymentHost = (host: string) =>
  host === 'localhost' ||
  /\.(localhost|test|example|invalid)$/.test(host) ||
  /^127(\.\d{1,3}){3}$/.test(host);

/** One line for start-up: which payment mode this server runs in, and why. */
export const describePayments = (payments: AppConfig['payments']) => {
  if (!payments) return 'Payments: off (no PAYMENT_HOST)';
  switch (payments.mode) {
    case 'stripe':
      return `Payments: Stripe Checkout on ${payments.host}`;
    case 'sandbox':
      return `Payments: SANDBOX on ${payments.host} (test cards only, no money moves${isLocalPaymentHost(payments.host) ? '' : '; PAYMENTS_SANDBOX=true'})`;
    case 'unavailable':
      return `Payments: UNAVAILABLE on ${payments.host}: a public payment host takes no sandbox payments; set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS_SANDBOX=true for a test installation`;
  }
};

/** The payment host keeps PUBLIC_URL's scheme and port: https in production, the dev port locally. */
const paymentBaseUrl = (publicUrl: string, host: string) => {
  const url = new URL(publicUrl);
  url.hostname = host;
  return url.origin;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment once; a bad value stops start-up with the variable's name and what it expects. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): AppConfig => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) =>
        `  ${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(env[String(issue.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const external = [e.AUTH_ISSUER, e.AUTH_AUDIENCE, e.AUTH_JWKS_URL];
  if (external.some(Boolean) && !external.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  AUTH_ISSUER, AUTH_AUDIENCE and AUTH_JWKS_URL: set all three to accept an external issuer, or none',
    );
  }
  if (Boolean(e.TWILIO_ACCOUNT_SID) !== Boolean(e.TWILIO_AUTH_TOKEN)) {
    throw new ConfigError(
      'Invalid configuration:\n  TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN: set both to send real SMS, or neither for the sandbox',
    );
  }
  if (e.TWILIO_ACCOUNT_SID && !e.TWILIO_FROM && !e.TWILIO_MESSAGING_SERVICE_SID) {
    throw new ConfigError(
      'Invalid configuration:\n  TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID: one is needed to send real SMS',
    );
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both to take payments with Stripe, or neither for the sandbox',
    );
  }
  if (e.PAYMENTS_SANDBOX && e.STRIPE_SECRET_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENTS_SANDBOX: set it only without STRIPE_SECRET_KEY (Stripe takes the payments when its keys are set)',
    );
  }
  if (Boolean(e.MEDIA_S3_ACCESS_KEY_ID) !== Boolean(e.MEDIA_S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      "Invalid configuration:\n  MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY: set both, or neither for the SDK's default credentials",
    );
  }
  const mediaS3Settings = Object.keys(env).filter(
    (name) => name.startsWith('MEDIA_S3_') && name !== 'MEDIA_S3_BUCKET' && env[name]?.trim(),
  );
  if (!e.MEDIA_S3_BUCKET && mediaS3Settings.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  MEDIA_S3_BUCKET: needed to keep media in object storage (${mediaS3Settings.join(', ')} set without it)`,
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  // The local demo (no PUBLIC_URL) pays on pay.localhost: browsers resolve *.localhost to this
  // machine, so the two hosts work out of the box.
  const paymentHost = (
    e.PAYMENT_HOST ?? (e.PUBLIC_URL ? undefined : 'pay.localhost')
  )?.toLowerCase();
  if (paymentHost && paymentHost === new URL(publicUrl).hostname) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENT_HOST: must differ from the host of PUBLIC_URL (staff and payers use separate hosts)',
    );
  }
  return {
    nodeEnv: e.NODE_ENV,
    responseValidation:
      e.RESPONSE_VALIDATION === undefined
        ? e.NODE_ENV !== 'production'
        : e.RESPONSE_VALIDATION === 'true',
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(repoRoot, e.DATA_DIR),
    redisUrl: e.REDIS_URL,
    publicUrl,
    corsOrigins: e.CORS_ORIGINS?.split(',').map((origin) => origin.trim()) ?? [
      new URL(publicUrl).origin,
    ],
    cspExtraOrigins: e.CSP_EXTRA_ORIGINS?.split(',').map((origin) => origin.trim()) ?? [],
    frameAncestors: e.FRAME_ANCESTORS?.split(',').map((origin) => origin.trim()) ?? [],
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? false,
    integrationLimitPerMinute: e.INTEGRATION_LIMIT_PER_MINUTE,
    socketRequestsPerMinute: e.SOCKET_REQUESTS_PER_MINUTE,
    sendLimitsPerMinute: {
      user: e.SEND_USER_LIMIT_PER_MINUTE,
      company: e.SEND_COMPANY_LIMIT_PER_MINUTE,
    },
    webDistDir: e.WEB_DIST_DIR ? resolve(e.WEB_DIST_DIR) : defaultWebDistDir,
    sessionLimitMinutes: e.SESSION_LIMIT_MINUTES,
    // Demo accounts have a published password: by default only the embedded database gets them.
    seedDemo: e.SEED_DEMO === undefined ? !e.DATABASE_URL : e.SEED_DEMO === 'true',
    messaging: {
      twilio:
        e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN
          ? {
              accountSid: e.TWILIO_ACCOUNT_SID,
              authToken: e.TWILIO_AUTH_TOKEN,
              messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID,
            }
          : undefined,
      twilioApiUrl: e.TWILIO_API_URL.replace(/\/$/, ''),
      // Twilio's documented test "From" number stands in when the sandbox sends.
      smsFrom: e.TWILIO_FROM ?? '+15005550006',
      smsFromCompanyId: e.TWILIO_FROM_COMPANY,
      messagesPerSecond: e.TWILIO_MPS,
      smtpUrl: e.SMTP_URL,
      sendJobExpireSeconds: e.SEND_JOB_EXPIRE_SECONDS,
      statusReconcileAfterSeconds: e.STATUS_RECONCILE_AFTER_SECONDS,
    },
    inbound: {
      smtpPort: e.INBOUND_SMTP_PORT,
      emailSecret: e.INBOUND_EMAIL_SECRET,
      emailMaxBytes: e.INBOUND_EMAIL_MAX_BYTES,
      smtpMaxConnections: e.INBOUND_SMTP_MAX_CONNECTIONS,
      smtpMaxConnectionsPerIp: e.INBOUND_SMTP_MAX_CONNECTIONS_PER_IP,
      smtpIdleTimeoutMs: e.INBOUND_SMTP_IDLE_TIMEOUT,
      smtpSessionTimeoutMs: e.INBOUND_SMTP_SESSION_TIMEOUT,
      smtpTls: smtpTlsOf(e.INBOUND_SMTP_TLS_CERT, e.INBOUND_SMTP_TLS_KEY),
      smtpMessagesPerIpPerHour: e.INBOUND_SMTP_MESSAGES_PER_IP_PER_HOUR,
      smtpMessagesPerSenderPerHour: e.INBOUND_SMTP_MESSAGES_PER_SENDER_PER_HOUR,
    },
    translate: e.TRANSLATE_URL
      ? { url: e.TRANSLATE_URL.replace(/\/$/, ''), apiKey: e.TRANSLATE_API_KEY }
      : undefined,
    queueMaintenanceSeconds: e.QUEUE_MAINTENANCE_SECONDS,
    webhooks: {
      timeoutMs: e.WEBHOOK_TIMEOUT,
      retryDelaysMs: e.WEBHOOK_RETRY_DELAYS,
      // Off unless asked for, whatever NODE_ENV says: a webhook URL on loopback, a private
      // network or link-local (cloud metadata) would let an admin probe the server's own network.
      allowPrivateNetworks: e.WEBHOOK_ALLOW_PRIVATE_NETWORKS === 'true',
    },
    mediaS3: e.MEDIA_S3_BUCKET
      ? {
          bucket: e.MEDIA_S3_BUCKET,
          region: e.MEDIA_S3_REGION,
          endpoint: e.MEDIA_S3_ENDPOINT,
          forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE === 'true',
          credentials:
            e.MEDIA_S3_ACCESS_KEY_ID && e.MEDIA_S3_SECRET_ACCESS_KEY
              ? {
                  accessKeyId: e.MEDIA_S3_ACCESS_KEY_ID,
                  secretAccessKey: e.MEDIA_S3_SECRET_ACCESS_KEY,
                }
              : undefined,
          prefix: e.MEDIA_S3_PREFIX ?? '',
        }
      : undefined,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    payments: paymentHost
      ? {
          host: paymentHost,
          baseUrl: paymentBaseUrl(publicUrl, paymentHost),
          stripe:
            e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
              ? {
                  secretKey: e.STRIPE_SECRET_KEY,
                  webhookSecret: e.STRIPE_WEBHOOK_SECRET,
                  apiUrl: e.STRIPE_API_URL,
                }
              : undefined,
          mode: e.STRIPE_SECRET_KEY
            ? 'stripe'
            : e.PAYMENTS_SANDBOX || isLocalPaymentHost(paymentHost)
              ? 'sandbox'
              : 'unavailable',
        }
      : undefined,
    auth: {
      issuer: publicUrl,
      audience: 'leasing-console',
      idTokenTtlSeconds: 15 * 60,
      refreshTokenTtlDays: 30,
      refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
      inviteTtlHours: e.INVITE_TTL_HOURS,
      sessionLimitMinutes: e.SESSION_LIMIT_MINUTES,
      loginIpLimitPerMinute: e.LOGIN_IP_LIMIT_PER_MINUTE,
      refreshIpLimitPerMinute: e.REFRESH_IP_LIMIT_PER_MINUTE,
      loginAccountFailureLimit: e.LOGIN_ACCOUNT_FAILURE_LIMIT,
      loginAccountGlobalFailureLimit: e.LOGIN_ACCOUNT_GLOBAL_FAILURE_LIMIT,
      external:
        e.AUTH_ISSUER && e.AUTH_AUDIENCE && e.AUTH_JWKS_URL
          ? { issuer: e.AUTH_ISSUER, audience: e.AUTH_AUDIENCE, jwksUrl: e.AUTH_JWKS_URL }
          : undefined,
    },
  };
};
