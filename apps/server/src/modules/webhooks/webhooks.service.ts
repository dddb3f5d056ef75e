import type PgBoss from 'pg-boss';
import type {
  CreateWebhookEndpointRequest,
  UpdateWebhookEndpointRequest,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookDeliverySummary,
  WebhookEndpoint,
} from '@leasing/contract';
import type { AppConfig } from '../../config.js';
import type { Db, SqlExecutor } from '../../db/client.js';
import type { WebhookEndpointRow } from '../../db/schema/index.js';
import { domainEvent, type Actor } from '../../events/domain-events.js';
import type { EventPort, PublishedEvent } from '../../events/event-port.js';
import type { Clock } from '../../lib/clock.js';
import { decodeCursor, toPage } from '../../lib/cursor.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import {
  buildPayload,
  dedupeKeyOf,
  publicEventOf,
  type WebhookSourceType,
} from './webhook-events.js';
import { privateAddressProblem } from './webhook-http.js';
import { WEBHOOK_QUEUE, webhookJobOptions, type WebhookJob } from './webhook-queue.js';
import { newSigningSecret } from './webhook-signature.js';
import {
  countEndpoints,
  deleteEndpointRow,
  findDeliveryRow,
  findEndpointRow,
  findLastDelivery,
  findSubscribedEndpoints,
  insertDeliveryRows,
  insertEndpointRow,
  listAttemptRows,
  listDeliveryRows,
  listEndpointRows,
  markRedelivering,
  updateEndpointRow,
  type DeliveryListRow,
} from './webhooks.repository.js';

export type WebhookDeps = {
  db: Db;
  events: EventPort;
  queue: Pick<PgBoss, 'send'>;
  config: Pick<AppConfig, 'webhooks'>;
  now: Clock;
};

/** A company keeps at most this many endpoints. */
export const MAX_ENDPOINTS = 20;

/** How many attempts a delivery gets before it is `failed`. */
export const maxAttemptsOf = (config: Pick<AppConfig, 'webhooks'>) =>
  config.webhooks.retryDelaysMs.length + 1;

const userActorName = (actor: Actor) => (actor.kind === 'user' ? actor.name : null);

const enqueue = (deps: Pick<WebhookDeps, 'queue' | 'config'>, sql: SqlExecutor, job: WebhookJob) =>
  deps.queue.send(WEBHOOK_QUEUE, job, {
    ...webhookJobOptions(deps.config.webhooks.timeoutMs),
    db: sql,
  });

/**
 * The in-transaction subscriber's work: one delivery per active endpoint of the company that asked
 * for the event, written with its queue job in the transaction of the change (both commit with it,
 * or neither exists).
 */
export const enqueueDeliveries = async (
  deps: Pick<WebhookDeps, 'queue' | 'config'>,
  event: PublishedEvent<WebhookSourceType>,
  { db, sql }: { db: Db; sql: SqlExecutor },
) => {
  // A scheduled message is sent when it is released: its `message.released` is the one told.
  if (event.type === 'message.created' && event.scheduledAt) return;
  const name = publicEventOf[event.type];
  const endpoints = await findSubscribedEndpoints(db, event.companyId, name);
  if (endpoints.length === 0) return;
  const body = await buildPayload(db, event);
  if (!body) return;
  const dedupeKey = dedupeKeyOf(event);
  const rows = endpoints.map((endpoint) => {
    const id = crypto.randomUUID();
    return {
      id,
      companyId: event.companyId,
      endpointId: endpoint.id,
      event: name,
      dedupeKey,
      leadId: event.leadId,
      payload: { id, ...body },
      nextAttemptAt: event.occurredAt,
    };
  });
  const inserted = await insertDeliveryRows(db, rows);
  for (const { id } of inserted) await enqueue(deps, sql, { deliveryId: id, attempt: 1 });
};

const assertReachable = (config: Pick<AppConfig, 'webhooks'>, url: string) => {
  const problem = privateAddressProblem(url, config.webhooks.allowPrivateNetworks);
  if (problem) throw badRequest('body.url', `must be on the public internet (${problem})`);
};

const toEndpoint = async (db: Db, row: WebhookEndpointRow): Promise<WebhookEndpoint> => {
  const last = await findLastDelivery(db, row.companyId, row.id);
  return {
    _id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    active: row.active,
    secret: row.secret,
    createdAt: row.createdAt.toISOString(),
    createdByUserName: row.createdByUserName,
    lastDelivery: last
      ? {
          _id: last.id,
          event: last.event,
          status: last.status,
          createdAt: last.createdAt.toISOString(),
        }
      : null,
  };
};

export const listEndpoints = async (db: Db, companyId: string): Promise<WebhookEndpoint[]> =>
  Promise.all((await listEndpointRows(db, companyId)).map((row) => toEndpoint(db, row)));

const endpointNotFound = () => notFound('Webhook endpoint');

export const createEndpoint = async (
  deps: WebhookDeps,
  companyId: string,
  input: CreateWebhookEndpointRequest,
  actor: Extract<Actor, { kind: 'user' }>,
): Promise<WebhookEndpoint> => {
  assertReachable(deps.config, input.url);
  const row = await deps.events.transaction(async ({ db, record }) => {
    if ((await countEndpoints(db, companyId)) >= MAX_ENDPOINTS) {
      throw new HttpError(
        'TOO_MANY_ENDPOINTS',
        `A company may have up to ${MAX_ENDPOINTS} webhook endpoints. Delete one first.`,
      );
    }
    const created = await insertEndpointRow(db, {
      companyId,
      url: input.url,
      description: input.description ?? '',
      events: input.events,
      active: input.active ?? true,
      secret: newSigningSecret(),
      createdByUserId: actor.userId,
      createdByUserName: userActorName(actor),
    });
    record(
      domainEvent('webhook_endpoint.created', {
        companyId,
        endpointId: created.id,
        url: created.url,
        events: created.events,
        actor,
      }),
    );
    return created;
  });
  return toEndpoint(deps.db, row);
};

const editable = ['url', 'description', 'events', 'active'] as const;

export const updateEndpoint = async (
  deps: WebhookDeps,
  companyId: string,
  endpointId: string,
  update: UpdateWebhookEndpointRequest,
  actor: Actor,
): Promise<WebhookEndpoint> => {
  if (update.url !== undefined) assertReachable(deps.config, update.url);
  const row = await deps.events.transaction(async ({ db, record }) => {
    const current = await findEndpointRow(db, companyId, endpointId);
    if (!current) throw endpointNotFound();
    const changes = editable.filter(
      (field) =>
        update[field] !== undefined &&
        JSON.stringify(update[field]) !== JSON.stringify(current[field]),
    );
    if (changes.length === 0) return current;
    const after = Object.fromEntries(changes.map((field) => [field, update[field]]));
    const before = Object.fromEntries(changes.map((field) => [field, current[field]]));
    const updated = await updateEndpointRow(db, companyId, endpointId, after);
    record(
      domainEvent('webhook_endpoint.updated', {
        companyId,
        endpointId,
        changes: [...changes],
        before,
        after,
        actor,
      }),
    );
    return updated!;
  });
  return toEndpoint(deps.db, row);
};

export const deleteEndpoint = async (
  deps: WebhookDeps,
  companyId: string,
  endpointId: string,
  actor: Actor,
): Promise<void> => {
  await deps.events.transaction(async ({ db, record }) => {
    const deleted = await deleteEndpointRow(db, companyId, endpointId);
    if (!deleted) throw endpointNotFound();
    record(
      domainEvent('webhook_endpoint.deleted', { companyId, endpointId, url: deleted.url, actor }),
    );
  });
};

/** A new secret at once: deliveries signed from now on (retries included) use it. */
export const rotateSecret = async (
  deps: WebhookDeps,
  companyId: string,
  endpointId: string,
  actor: Actor,
): Promise<WebhookEndpoint> => {
  const row = await deps.events.transaction(async ({ db, record }) => {
    const updated = await updateEndpointRow(db, companyId, endpointId, {
      secret: newSigningSecret(),
    });
    if (!updated) throw endpointNotFound();
    record(domainEvent('webhook_endpoint.secret_rotated', { companyId, endpointId, actor }));
    return updated;
  });
  return toEndpoint(deps.db, row);
};

const toSummary = (row: DeliveryListRow, maxAttempts: number): WebhookDeliverySummary => ({
  _id: row.id,
  endpoint: { _id: row.endpointId, url: row.endpointUrl },
  event: row.event,
  status: row.status,
  attempts: row.attempts,
  maxAttempts: Math.max(maxAttempts, row.attempts),
  lastError: row.lastError,
  lastStatusCode: row.lastStatusCode,
  nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export const listDeliveries = async (
  deps: Pick<WebhookDeps, 'db' | 'config'>,
  companyId: string,
  query: {
    endpointId?: string;
    status?: WebhookDeliverySummary['status'];
    cursor?: string;
    limit: number;
  },
): Promise<WebhookDeliveryPage> => {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await listDeliveryRows(deps.db, companyId, query, after, query.limit + 1);
  const maxAttempts = maxAttemptsOf(deps.config);
  return toPage(
    rows,
    query.limit,
    (row) => ({ date: row.createdAt, id: row.id }),
    (row) => toSummary(row, maxAttempts),
  );
};

const deliveryNotFound = () => notFound('Webhook delivery');

export const getDelivery = async (
  deps: Pick<WebhookDeps, 'db' | 'config'>,
  companyId: string,
  deliveryId: string,
): Promise<WebhookDelivery> => {
  const row = await findDeliveryRow(deps.db, companyId, deliveryId);
  if (!row) throw deliveryNotFound();
  const attempts = await listAttemptRows(deps.db, deliveryId);
  return {
    ...toSummary(row, maxAttemptsOf(deps.config)),
    payload: row.payload,
    attemptLog: attempts.map((attempt) => ({
      number: attempt.number,
      at: attempt.startedAt.toISOString(),
      durationMs: attempt.durationMs,
      statusCode: attempt.statusCode,
      error: attempt.error,
    })),
  };
};

/**
 * 'Redeliver': the same delivery (same id, same payload) is queued for one more attempt now; if
 * that fails too it is retried on the schedule while attempts remain.
 */
export const redeliver = async (
  deps: WebhookDeps,
  companyId: string,
  deliveryId: string,
  actor: Actor,
): Promise<WebhookDeliverySummary> => {
  const row = await deps.events.transaction(async ({ db, sql, record }) => {
    const current = await findDeliveryRow(db, companyId, deliveryId);
    if (!current) throw deliveryNotFound();
    const updated = await markRedelivering(db, deliveryId, deps.now());
    await enqueue(deps, sql, { deliveryId, attempt: updated.attempts + 1 });
    record(
      domainEvent('webhook_delivery.redelivered', {
        companyId,
        deliveryId,
        endpointId: current.endpointId,
        event: current.event,
        actor,
      }),
    );
    return { ...updated, endpointUrl: current.endpointUrl };
  });
  return toSummary(row, maxAttemptsOf(deps.config));
};
