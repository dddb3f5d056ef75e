import type { ConversationEvent } from '@leasing/contract';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { userActor, type Principal } from '../../lib/principal.js';
import { domainEvent } from '../../events/domain-events.js';
import type { EventPort } from '../../events/event-port.js';
import {
  confirmHeldEmailSender,
  findHeldEmail,
  toConversationEventDto,
} from '../conversation/index.js';
import { getCompanyLead } from '../lead/index.js';
import { received } from './inbound-email.service.js';

export type SenderConfirmationDeps = { database: Database; events: EventPort };

/**
 * 'Confirm sender': a person vouches for a lead's email whose sender failed verification. Until
 * then it is kept on the timeline but is no reply (the inbox trigger skips it; nothing published
 * it as `message.received`). Confirming makes it one now, as the normal path would have: the
 * trigger counts it (needs reply, first response), and `message.received` cancels scheduled
 * messages, notifies the owner and reaches webhooks. Audited; a second confirmation changes
 * nothing and publishes nothing.
 */
export const confirmSender = async (
  deps: SenderConfirmationDeps,
  principal: Principal,
  target: { leadId: string; eventId: string },
  now: Clock,
): Promise<ConversationEvent> => {
  const lead = await getCompanyLead(deps.database.db, principal.companyId, target.leadId);
  const actor = userActor(principal);
  return deps.events.transaction(async ({ db, record }) => {
    const held = { eventId: target.eventId, leadId: lead.id };
    const confirmed = { byUserName: principal.name, at: now().toISOString() };
    // Only the first confirmation matches: the row lock makes a concurrent one wait and miss.
    const changed = await confirmHeldEmailSender(db, held, confirmed);
    if (changed) {
      record(
        domainEvent('message.sender_confirmed', {
          companyId: lead.companyId,
          leadId: lead.id,
          timelineEventId: changed.id,
          actor,
        }),
        received(changed),
      );
      return toConversationEventDto(changed);
    }
    const already = await findHeldEmail(db, held);
    if (!already) throw notFound('Message');
    return toConversationEventDto(already);
  });
};
