import type { NotificationKind } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import type { DomainEventType } from '../../events/domain-events.js';
import type { PublishedEvent } from '../../events/event-port.js';
import { formatCents } from '../../lib/format-money.js';
import {
  activeStaffAmong,
  findLeadFacts,
  findPaymentLinkFacts,
  findTimelineEvent,
} from './notifications.repository.js';

/** The timeline event type of an office decision an integration opens. */
const OFFICE_DECISION = 'OFFICE_DECISION';
/** A lead's message shows this many characters of its text in the title. */
const PREVIEW_CHARS = 80;
/** And this many in the body. */
const BODY_CHARS = 280;

/** The events that may notify someone. */
export const notifyingEvents = [
  'lead.assigned',
  'message.received',
  'follow_up.due',
  'speed_to_lead.breached',
  'timeline.event_added',
  'payment_link.changed',
  'call.updated',
] as const satisfies readonly DomainEventType[];
export type NotifyingEvent = PublishedEvent<(typeof notifyingEvents)[number]>;

/**
 * Who is to be told what. `everyone` stands for every active staff user of the lead's company,
 * `managers` for its active managers and admins; recipients are checked against the company by
 * the caller.
 */
export type NotificationDraft = {
  kind: NotificationKind;
  recipients: string[] | 'everyone' | 'managers';
  /** With the recipient and kind, what makes it unique: the same fact published again is one row. */
  sourceKey: string;
  title: string;
  body: string | null;
};

type LeadFacts = NonNullable<Awaited<ReturnType<typeof findLeadFacts>>>;

const ownerUserOf = (lead: LeadFacts) => (lead.ownerKind === 'user' ? lead.ownerUserId : null);

/** The first of `candidates` who is active staff of the company, in the order given. */
const firstActiveOf = async (db: Db, companyId: string, candidates: (string | null)[]) => {
  const named = candidates.filter((candidate): candidate is string => candidate !== null);
  const active = new Set(await activeStaffAmong(db, companyId, named));
  return named.find((candidate) => active.has(candidate)) ?? null;
};

/** At most `max` characters, cut at a word when it is longer. */
export const firstWords = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
};

/**
 * What `event` tells whom, read inside the writer's transaction (so a lead's owner is the one the
 * change committed with); null when it tells nobody.
 */
export const draftNotification = async (
  db: Db,
  event: NotifyingEvent,
): Promise<NotificationDraft | null> => {
  const lead = await findLeadFacts(db, event.leadId);
  if (!lead || lead.companyId !== event.companyId) return null;

  switch (event.type) {
    case 'lead.assigned': {
      if (event.owner.kind !== 'user') return null;
      const { actor } = event;
      // Taking a lead yourself needs no notice.
      if (actor.kind === 'user' && actor.userId === event.owner.userId) return null;
      return {
        kind: 'assigned',
        recipients: [event.owner.userId],
        sourceKey: event.timelineEventId,
        title:
          actor.kind === 'user'
            ? `${actor.name} assigned you ${lead.name}`
            : `${lead.name} was assigned to you`,
        body: null,
      };
    }
    case 'message.received': {
      const owner = ownerUserOf(lead);
      if (!owner) return null;
      const message = await findTimelineEvent(db, event.timelineEventId);
      const text = message?.body?.trim() || message?.subject?.trim() || '';
      return {
        kind: 'lead_wrote',
        recipients: [owner],
        sourceKey: event.timelineEventId,
        title: text
          ? `${lead.name} wrote: ${firstWords(text, PREVIEW_CHARS)}`
          : `${lead.name} sent ${message?.attachments.length ? 'an attachment' : 'a message'}`,
        body: text ? firstWords(text, BODY_CHARS) : null,
      };
    }
    case 'follow_up.due': {
      // An unassigned lead's follow-up tells nobody: the inbox's due lights show it to all.
      const owner = event.ownerUserId ?? ownerUserOf(lead);
      if (!owner) return null;
      return {
        kind: 'follow_up_due',
        recipients: [owner],
        sourceKey: `${event.leadId}:${event.dueAt}`,
        title: `Follow-up due: ${lead.name}`,
        body: null,
      };
    }
    case 'speed_to_lead.breached': {
      const owner = event.ownerUserId ?? ownerUserOf(lead);
      return {
        kind: 'speed_to_lead',
        recipients: owner ? [owner] : 'everyone',
        sourceKey: `${event.leadId}:${event.waitingSince}`,
        title: `${lead.name} has waited over ${event.targetMinutes} minutes for a first reply`,
        body: null,
      };
    }
    case 'call.updated': {
      // A caller nobody answered: their owner hears of it once (a voicemail may follow 'missed').
      if (event.direction !== 'inbound') return null;
      if (event.outcome !== 'missed' && event.outcome !== 'voicemail') return null;
      const owner = ownerUserOf(lead);
      if (!owner) return null;
      return {
        kind: 'missed_call',
        recipients: [owner],
        sourceKey: event.callId,
        title:
          event.outcome === 'voicemail'
            ? `${lead.name} left a voicemail`
            : `Missed call from ${lead.name}`,
        body: null,
      };
    }
    case 'timeline.event_added': {
      if (event.eventType !== OFFICE_DECISION) return null;
      const owner = ownerUserOf(lead);
      if (!owner) return null;
      const decision = await findTimelineEvent(db, event.timelineEventId);
      const question = decision?.body?.trim();
      return {
        kind: 'decision_opened',
        recipients: [owner],
        sourceKey: event.timelineEventId,
        title: `Decision opened on ${lead.name}`,
        body: question ? firstWords(question, BODY_CHARS) : null,
      };
    }
    case 'payment_link.changed': {
      if (event.stage !== 'paid') return null;
      const link = await findPaymentLinkFacts(db, event.paymentLinkId);
      if (!link) return null;
      // Money came in: whoever works the lead, else whoever asked for it, else the managers — a
      // payment is never left unseen because the lead has no owner.
      const recipient = await firstActiveOf(db, event.companyId, [
        ownerUserOf(lead),
        link.createdByUserId,
      ]);
      return {
        kind: 'payment_received',
        recipients: recipient ? [recipient] : 'managers',
        // A link is paid once: a replayed webhook or a second publication adds nothing.
        sourceKey: event.paymentLinkId,
        title: `${lead.name} paid ${formatCents(link.amountCents, link.currency)} — ${link.description}`,
        body: null,
      };
    }
  }
};
