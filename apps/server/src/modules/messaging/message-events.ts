import type { ConversationEventRow } from '../../db/schema/index.js';
import type { Db } from '../../db/client.js';
import { domainEvent } from '../../events/domain-events.js';
import type { EventPort } from '../../events/event-port.js';

/** The domain event for a message whose sending status was just written. */
export const messageStatusChanged = (
  row: Pick<ConversationEventRow, 'id' | 'companyId' | 'leadId' | 'sendingStatus'>,
) =>
  domainEvent('message.status_changed', {
    companyId: row.companyId,
    leadId: row.leadId,
    timelineEventId: row.id,
    status: row.sendingStatus ?? 'UNKNOWN',
  });

/** Writes a status change in one transaction and records it when the write changed a row. */
export const writeMessageStatus = (
  events: EventPort,
  write: (db: Db) => Promise<ConversationEventRow | undefined>,
) =>
  events.transaction(async ({ db, record }) => {
    const row = await write(db);
    if (row) record(messageStatusChanged(row));
    return row;
  });
