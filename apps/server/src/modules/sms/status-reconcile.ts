import { and, asc, eq, isNotNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { conversationEvents } from '../../db/schema/index.js';
import type { EventPort } from '../../events/event-port.js';
import type { Clock } from '../../lib/clock.js';
import type { SmsProvider } from '../../providers/sms-provider.js';
import { reportProviderStatus } from '../messaging/index.js';

const BATCH = 50;

export type StatusReconcileDeps = {
  db: Db;
  sms: SmsProvider;
  events: EventPort;
  log: FastifyBaseLogger;
  now: Clock;
  /** A text the provider took this long ago and still not final is asked about. */
  staleAfterSeconds: number;
};

/**
 * Twilio does not retry a status callback that failed: one that came while every process was
 * down is lost, and its text would stay "sending" for ever. Texts the provider accepted that are
 * still IN_PROGRESS after `staleAfterSeconds` are looked up (Twilio's Message resource) and their
 * status applied through the one status path (later states only, so a retry changes nothing).
 * Answers how many moved.
 */
export const reconcileStaleStatuses = async (deps: StatusReconcileDeps): Promise<number> => {
  const { fetchStatus } = deps.sms;
  if (!fetchStatus) return 0;
  const before = new Date(deps.now().getTime() - deps.staleAfterSeconds * 1000);
  const stale = await deps.db
    .select({ providerMessageId: conversationEvents.providerMessageId })
    .from(conversationEvents)
    .where(
      and(
        eq(conversationEvents.eventType, 'SMS'),
        eq(conversationEvents.sendingStatus, 'IN_PROGRESS'),
        isNotNull(conversationEvents.providerMessageId),
        lt(conversationEvents.updatedAt, before),
      ),
    )
    .orderBy(asc(conversationEvents.updatedAt))
    .limit(BATCH);
  let moved = 0;
  for (const { providerMessageId } of stale) {
    if (!providerMessageId) continue;
    try {
      const report = await fetchStatus(providerMessageId);
      if (!report) continue;
      const updated = await reportProviderStatus(deps.events, { providerMessageId, ...report });
      if (updated) moved += 1;
    } catch (error) {
      deps.log.warn({ err: error, providerMessageId }, 'could not ask the provider for a status');
    }
  }
  return moved;
};
