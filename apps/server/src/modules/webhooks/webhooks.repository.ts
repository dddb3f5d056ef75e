import { and, arrayContains, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { WebhookDeliveryStatus, WebhookEventName } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import {
  apiKeys,
  conversationEvents,
  leads,
  notes,
  properties,
  users,
  webhookDeliveries,
  webhookDeliveryAttempts,
  webhookEndpoints,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from '../../db/schema/index.js';
import type { KeysetCursor } from '../../lib/cursor.js';

// --- what a payload reads -------------------------------------------------------------------

export const findLeadFacts = async (db: Db, companyId: string, leadId: string) =>
  (
    await db
      .select({
        id: leads.id,
        pmsLeadId: leads.pmsLeadId,
        propertyId: leads.propertyId,
        pmsPropertyId: properties.pmsPropertyId,
        name: leads.name,
      })
      .from(leads)
      .innerJoin(properties, eq(properties.id, leads.propertyId))
      .where(and(eq(leads.id, leadId), eq(leads.companyId, companyId)))
  )[0];

export const findUserFacts = async (db: Db, userId: string) =>
  (
    await db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
  )[0];

export const findApiKeyName = async (db: Db, apiKeyId: string) =>
  (await db.select({ name: apiKeys.name }).from(apiKeys).where(eq(apiKeys.id, apiKeyId)))[0]
    ?.name ?? null;

export const findConversationEvent = async (db: Db, companyId: string, id: string) =>
  (
    await db
      .select({
        eventType: conversationEvents.eventType,
        body: conversationEvents.body,
        subject: conversationEvents.subject,
        attachments: conversationEvents.attachments,
      })
      .from(conversationEvents)
      .where(and(eq(conversationEvents.id, id), eq(conversationEvents.companyId, companyId)))
  )[0];

export const findNoteText = async (db: Db, companyId: string, noteId: string) =>
  (
    await db
      .select({ text: notes.text })
      .from(notes)
      .where(and(eq(notes.id, noteId), eq(notes.companyId, companyId)))
  )[0]?.text ?? null;

// --- endpoints ------------------------------------------------------------------------------

/** The company's active endpoints that asked for `event`. */
export const findSubscribedEndpoints = (db: Db, companyId: string, event: WebhookEventName) =>
  db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.companyId, companyId),
        eq(webhookEndpoints.active, true),
        arrayContains(webhookEndpoints.events, [event]),
      ),
    );

export const listEndpointRows = (db: Db, companyId: string) =>
  db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, companyId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));

export const countEndpoints = async (db: Db, companyId: string) =>
  (
    await db
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.companyId, companyId))
  )[0]!.n;

export const findEndpointRow = async (db: Db, companyId: string, endpointId: string) =>
  (
    await db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.companyId, companyId)))
  )[0];

export const insertEndpointRow = async (db: Db, row: typeof webhookEndpoints.$inferInsert) =>
  (await db.insert(webhookEndpoints).values(row).returning())[0]!;

export const updateEndpointRow = async (
  db: Db,
  companyId: string,
  endpointId: string,
  changes: Partial<
    Pick<WebhookEndpointRow, 'url' | 'description' | 'events' | 'active' | 'secret'>
  >,
) =>
  (
    await db
      .update(webhookEndpoints)
      .set(changes)
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.companyId, companyId)))
      .returning()
  )[0];

/** Deletes the endpoint and, with it, its deliveries (a queued one finds nothing and stops). */
export const deleteEndpointRow = async (db: Db, companyId: string, endpointId: string) =>
  (
    await db
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.companyId, companyId)))
      .returning()
  )[0];

/** The newest delivery of an endpoint (the endpoints table's "last delivery"). */
export const findLastDelivery = async (db: Db, companyId: string, endpointId: string) =>
  (
    await db
      .select({
        id: webhookDeliveries.id,
        event: webhookDeliveries.event,
        status: webhookDeliveries.status,
        createdAt: webhookDeliveries.createdAt,
      })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.companyId, companyId),
          eq(webhookDeliveries.endpointId, endpointId),
        ),
      )
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(1)
  )[0];

// --- deliveries -----------------------------------------------------------------------------

/** New deliveries; one that exists already (same endpoint and dedupe key) is skipped. */
export const insertDeliveryRows = (db: Db, rows: (typeof webhookDeliveries.$inferInsert)[]) =>
  db
    .insert(webhookDeliveries)
    .values(rows)
    .onConflictDoNothing({ target: [webhookDeliveries.endpointId, webhookDeliveries.dedupeKey] })
    .returning({ id: webhookDeliveries.id });

export type DeliveryListRow = WebhookDeliveryRow & { endpointUrl: string };

export const listDeliveryRows = async (
  db: Db,
  companyId: string,
  filter: { endpointId?: string; status?: WebhookDeliveryStatus },
  after: KeysetCursor | undefined,
  limit: number,
): Promise<DeliveryListRow[]> => {
  const conditions: SQL[] = [eq(webhookDeliveries.companyId, companyId)];
  if (filter.endpointId) conditions.push(eq(webhookDeliveries.endpointId, filter.endpointId));
  if (filter.status) conditions.push(eq(webhookDeliveries.status, filter.status));
  if (after) {
    conditions.push(
      sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < (${after.date.toISOString()}::timestamptz, ${after.id}::uuid)`,
    );
  }
  const rows = await db
    .select({ delivery: webhookDeliveries, endpointUrl: webhookEndpoints.url })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(...conditions))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
  return rows.map(({ delivery, endpointUrl }) => ({ ...delivery, endpointUrl }));
};

export const findDeliveryRow = async (
  db: Db,
  companyId: string,
  deliveryId: string,
): Promise<DeliveryListRow | undefined> => {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpointUrl: webhookEndpoints.url })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.companyId, companyId)));
  return row ? { ...row.delivery, endpointUrl: row.endpointUrl } : undefined;
};

export const listAttemptRows = (db: Db, deliveryId: string) =>
  db
    .select()
    .from(webhookDeliveryAttempts)
    .where(eq(webhookDeliveryAttempts.deliveryId, deliveryId))
    .orderBy(asc(webhookDeliveryAttempts.number));

/** Gives up on a delivery without an attempt (its endpoint was switched off meanwhile). */
export const markDeliveryFailed = async (db: Db, deliveryId: string, error: string) => {
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', lastError: error, nextAttemptAt: null })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'pending')));
};

/** 'Redeliver': pending again, due now; attempts go on counting from where they were. */
export const markRedelivering = async (db: Db, deliveryId: string, now: Date) =>
  (
    await db
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: now })
      .where(eq(webhookDeliveries.id, deliveryId))
      .returning()
  )[0]!;

// --- the worker -----------------------------------------------------------------------------

/** A delivery with what sending it needs: its endpoint's URL, secret and state. */
export const findDeliveryToSend = async (db: Db, deliveryId: string) =>
  (
    await db
      .select({
        delivery: webhookDeliveries,
        url: webhookEndpoints.url,
        secret: webhookEndpoints.secret,
        active: webhookEndpoints.active,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, deliveryId))
  )[0];

export type AttemptOutcome = {
  number: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  status: WebhookDeliveryStatus;
  nextAttemptAt: Date | null;
};

/**
 * Records one attempt and moves the delivery on. Only the attempt that follows the last recorded
 * one counts (a second job for the same attempt changes nothing): answers whether it did.
 */
export const recordAttempt = async (db: Db, deliveryId: string, outcome: AttemptOutcome) => {
  const [updated] = await db
    .update(webhookDeliveries)
    .set({
      attempts: outcome.number,
      status: outcome.status,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
      nextAttemptAt: outcome.nextAttemptAt,
      ...(outcome.status === 'succeeded'
        ? { deliveredAt: new Date(outcome.startedAt.getTime() + outcome.durationMs) }
        : {}),
    })
    .where(
      and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.attempts, outcome.number - 1)),
    )
    .returning({ id: webhookDeliveries.id });
  if (!updated) return false;
  await db.insert(webhookDeliveryAttempts).values({
    deliveryId,
    number: outcome.number,
    startedAt: outcome.startedAt,
    durationMs: outcome.durationMs,
    statusCode: outcome.statusCode,
    error: outcome.error,
  });
  return true;
};
