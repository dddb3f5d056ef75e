import { eq, inArray } from 'drizzle-orm';
import type { NewConversationDelivery } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { conversationEvents, leads } from '../../db/schema/index.js';
import { toConversationEventDto } from '../conversation/index.js';
import { toLeadSummary } from '../lead/index.js';

/** How long requests for announced events are gathered before one query answers them all. */
const GATHER_MS = 5;
const MAX_IDS_PER_QUERY = 500;

type Waiting = {
  companyId: string;
  resolve: (delivery: NewConversationDelivery | undefined) => void;
};

/**
 * Answers `leasing-get-new-conversation`: every console in a company asks for the event it was
 * told about, at about the same moment. Requests gathered over a few milliseconds share one query,
 * and each is answered only if the event belongs to the asker's company.
 *
 * Nothing is cached across gatherings: a request always arrives after its announcement, which is
 * sent after the change is committed, so a query started after the request sees the change.
 */
export const createEventDeliveryLoader = (db: Db) => {
  let waiting = new Map<string, Waiting[]>();
  let timer: NodeJS.Timeout | undefined;

  const flush = async () => {
    timer = undefined;
    const batch = waiting;
    waiting = new Map();
    const ids = [...batch.keys()];
    for (let start = 0; start < ids.length; start += MAX_IDS_PER_QUERY) {
      const chunk = ids.slice(start, start + MAX_IDS_PER_QUERY);
      let rows: Awaited<ReturnType<typeof query>> = [];
      try {
        rows = await query(chunk);
      } catch {
        rows = [];
      }
      const found = new Map(
        rows.map(({ event, lead }) => [
          event.id,
          {
            companyId: event.companyId,
            delivery: { events: [toConversationEventDto(event)], lead: toLeadSummary(lead) },
          },
        ]),
      );
      for (const id of chunk) {
        const hit = found.get(id);
        for (const request of batch.get(id) ?? []) {
          request.resolve(hit && hit.companyId === request.companyId ? hit.delivery : undefined);
        }
      }
    }
  };

  const query = (ids: string[]) =>
    db
      .select({ event: conversationEvents, lead: leads })
      .from(conversationEvents)
      .innerJoin(leads, eq(leads.id, conversationEvents.leadId))
      .where(inArray(conversationEvents.id, ids));

  return {
    /** The event and its lead, or undefined when it does not exist or is another company's. */
    load: (eventId: string, companyId: string) =>
      new Promise<NewConversationDelivery | undefined>((resolve) => {
        const list = waiting.get(eventId) ?? [];
        list.push({ companyId, resolve });
        waiting.set(eventId, list);
        timer ??= setTimeout(() => void flush(), GATHER_MS);
      }),
  };
};
