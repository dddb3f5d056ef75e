import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/errors.js';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyInstance {
    /**
     * This app's Prometheus registry (one per app: tests build many in one process). Modules add
     * their own instruments to it (`registers: [app.metrics]`).
     */
    metrics: Registry;
  }
}

/** The path the metrics are scraped from, on the public port (with a token) and METRICS_PORT. */
export const METRICS_PATH = '/metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares in constant time: digests have one length whatever the token sent. */
const tokenMatches = (header: string | undefined, token: string) => {
  const sent = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(sent), digest(token));
};

/** Jobs of one queue by state: ready to run, held until a later start, being worked. */
type QueueRow = { name: string; ready: number; deferred: number; active: number; oldest: number };

// pg-boss keeps its jobs in pgboss.job; states before 'active' (created, retry) are still to run.
const QUEUE_SQL = `
  select q.name,
         count(j.id) filter (where j.state < 'active' and j.start_after <= now())::int as ready,
         count(j.id) filter (where j.state < 'active' and j.start_after > now())::int as deferred,
         count(j.id) filter (where j.state = 'active')::int as active,
         coalesce(extract(epoch from now() - min(j.start_after)
           filter (where j.state < 'active' and j.start_after <= now())), 0)::float8 as oldest
    from pgboss.queue q
    left join pgboss.job j on j.name = q.name
   group by q.name`;

const registerQueueMetrics = (app: FastifyInstance, registry: Registry) => {
  // One query per scrape fills every queue gauge: a scrape starts every gauge's collect in the
  // same pass, so the first one reads and the others share its answer until it settles.
  let reading: Promise<QueueRow[]> | undefined;
  const read = () => {
    reading ??= app.queue
      .getDb()
      .executeSql(QUEUE_SQL, [])
      .then(({ rows }) => rows as QueueRow[])
      .catch((error: unknown) => {
        app.log.warn({ err: error }, 'queue metrics could not be read');
        return [];
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
  const queueGauge = (name: string, help: string, value: (row: QueueRow) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        const rows = await read();
        this.reset();
        for (const row of rows) this.set({ queue: row.name }, value(row));
      },
    });
  queueGauge(
    'queue_depth',
    'Jobs waiting to be worked whose start time has come, per queue',
    (row) => row.ready,
  );
  queueGauge(
    'queue_deferred_jobs',
    'Jobs held until a later start (retries after backoff, scheduled releases), per queue',
    (row) => row.deferred,
  );
  queueGauge('queue_active_jobs', 'Jobs a worker is working now, per queue', (row) => row.active);
  queueGauge(
    'queue_oldest_job_age_seconds',
    'How long the job that has waited longest past its start time has waited, per queue',
    (row) => row.oldest,
  );
};

const registerPoolMetrics = (app: FastifyInstance, registry: Registry) => {
  const usage = app.database.poolUsage;
  if (!usage) return; // PGlite: one connection inside the process, nothing to wait for.
  const gauge = (name: string, help: string, value: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(value());
      },
    });
  gauge(
    'db_pool_connections_open',
    'Connections the database pool holds open',
    () => usage().total,
  );
  gauge('db_pool_connections_idle', 'Open pool connections not in use', () => usage().idle);
  gauge(
    'db_pool_waiting_requests',
    'Queries waiting for a free pool connection (the pool is exhausted while above 0)',
    () => usage().waiting,
  );
};

const registerHttpMetrics = (app: FastifyInstance, registry: Registry) => {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      {
        method: request.method,
        // The pattern, never the URL: ids in paths would make a series per lead.
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
};

/** METRICS_PORT: the metrics alone, without a token, on a port that is not published. */
const listenForScrapes = async (app: FastifyInstance, registry: Registry, port: number) => {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== METRICS_PATH) {
      response.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: Error) => {
        app.log.error({ err: error }, 'metrics could not be collected');
        response.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, app.config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  app.log.info({ port }, 'metrics listening');
  app.addHook('onClose', () => new Promise<void>((resolve) => server.close(() => resolve())));
};

/**
 * Prometheus metrics of this process: HTTP latency by route, the job queues, the database pool,
 * open sockets and Node's own (memory, event loop, GC). Modules add theirs to `app.metrics`.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    registerHttpMetrics(app, registry);
    registerQueueMetrics(app, registry);
    registerPoolMetrics(app, registry);
    new Gauge({
      name: 'socketio_connected_sockets',
      help: 'Console sockets connected to this process',
      registers: [registry],
      collect() {
        this.set(app.io.of('/').sockets.size);
      },
    });
    app.decorate('metrics', registry);

    const { token, port } = app.config.metrics;
    if (token) {
      app.get(METRICS_PATH, { logLevel: 'warn' }, async (request, reply) => {
        if (!tokenMatches(request.headers.authorization, token)) {
          reply.header('www-authenticate', 'Bearer');
          throw unauthorized('A valid metrics token is required.');
        }
        return reply.type(registry.contentType).send(await registry.metrics());
      });
    }
    if (port) await listenForScrapes(app, registry, port);
  },
  { name: 'metrics', dependencies: ['database', 'queue', 'socket'] },
);
