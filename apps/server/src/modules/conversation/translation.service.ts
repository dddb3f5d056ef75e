import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { conversationEvents, leads, type ConversationEventRow } from '../../db/schema/index.js';
import { domainEvent } from '../../events/domain-events.js';
import type { EventPort } from '../../events/event-port.js';
import type { TranslatorClient } from '../../providers/libretranslate.js';
import { translationSource } from './language.js';

export const TRANSLATE_QUEUE = 'translate';
export type TranslateJob = { eventId: string };
/** Tries before a translation is given up (the message itself is never affected). */
export const TRANSLATE_RETRY_LIMIT = 5;

/** Identifies the text a translation was made from (`data.translation.body.hash`). */
export const textHash = (text: string) =>
  createHash('sha256').update(text).digest('hex').slice(0, 16);

/**
 * Translates one stored message and records `data.translation.body`. Answers the updated event,
 * or undefined when there is nothing to do: already translated, no longer needing it, or English
 * by the translator's own judgement. Translator errors are thrown for the queue to retry.
 */
export const translateEvent = async (
  { db, events }: { db: Db; events: EventPort },
  translator: TranslatorClient,
  log: FastifyBaseLogger,
  eventId: string,
): Promise<ConversationEventRow | undefined> => {
  const [row] = await db
    .select({ event: conversationEvents, preferredLanguage: leads.preferredLanguage })
    .from(conversationEvents)
    .innerJoin(leads, eq(leads.id, conversationEvents.leadId))
    .where(eq(conversationEvents.id, eventId));
  if (!row?.event.body) return undefined;
  const { event } = row;
  const body = event.body!;
  const hash = textHash(body);
  if (event.data.translation?.body?.hash === hash) return undefined;
  const source = translationSource(body, row.preferredLanguage);
  if (!source) return undefined;

  const translation = await translator.translateToEnglish(body, source);
  if (translation.detectedLanguage === 'en' || translation.textInEnglish.trim() === body.trim()) {
    log.debug({ eventId }, 'translator found the message already English');
    return undefined;
  }
  // Merged into the current data, only while the body is the one translated.
  return events.transaction(async ({ db, record }) => {
    const [current] = await db
      .select({ data: conversationEvents.data })
      .from(conversationEvents)
      .where(eq(conversationEvents.id, eventId));
    if (!current) return undefined;
    const [updated] = await db
      .update(conversationEvents)
      .set({
        data: {
          ...current.data,
          translation: {
            body: { textInEnglish: translation.textInEnglish, hash },
            ...(translation.detectedLanguage ? { language: translation.detectedLanguage } : {}),
          },
        },
      })
      .where(and(eq(conversationEvents.id, eventId), eq(conversationEvents.body, body)))
      .returning();
    if (updated) {
      record(
        domainEvent('message.translated', {
          companyId: updated.companyId,
          leadId: updated.leadId,
          timelineEventId: updated.id,
          translation: translation.textInEnglish,
        }),
      );
    }
    return updated;
  });
};
