import { and, desc, eq, ne, notInArray, sql } from 'drizzle-orm';
import { conversationEvents, leads, type LeadRow } from '../../db/schema/index.js';
import type { Actor } from '../../events/domain-events.js';
import type { RecordingScope } from '../../events/event-port.js';
import { sendAutomaticSms } from '../messaging/index.js';
import { bookingLinkOf } from './booking-link-token.js';
import { findUpcomingTourOfLead } from './tour-booking.repository.js';
import { cancelTourIn, confirmTourIn } from './tour-booking.service.js';
import { canTextLead } from '../lead/index.js';
import type { TourTextsDeps } from './tour-texts.service.js';

export type TourReply = 'confirm' | 'reschedule' | 'cancel';

/**
 * The answers a tour text asks for, in English and Spanish; only a message that is nothing but one
 * of them counts (case, accents, spacing and a final '.' or '!' aside). 'cancel' and 'cancelar'
 * alone are also opt-out words (the carriers' and ours): the lead is opted out as the carrier
 * does, and the tour is cancelled too; 'cancel tour' and 'cancelar visita' cancel the tour only.
 */
const REPLIES: Record<string, { reply: TourReply; language: 'en' | 'es' }> = {
  c: { reply: 'confirm', language: 'en' },
  yes: { reply: 'confirm', language: 'en' },
  y: { reply: 'confirm', language: 'en' },
  confirm: { reply: 'confirm', language: 'en' },
  confirmed: { reply: 'confirm', language: 'en' },
  si: { reply: 'confirm', language: 'es' },
  confirmo: { reply: 'confirm', language: 'es' },
  confirmar: { reply: 'confirm', language: 'es' },
  r: { reply: 'reschedule', language: 'en' },
  reschedule: { reply: 'reschedule', language: 'en' },
  reprogramar: { reply: 'reschedule', language: 'es' },
  cambiar: { reply: 'reschedule', language: 'es' },
  cancel: { reply: 'cancel', language: 'en' },
  'cancel tour': { reply: 'cancel', language: 'en' },
  cancelar: { reply: 'cancel', language: 'es' },
  'cancelar visita': { reply: 'cancel', language: 'es' },
};

/** The short answers, in the language the lead answered in. */
const ANSWERS = {
  en: {
    confirm: () => 'Thanks, your tour is confirmed. See you then!',
    reschedule: (link: string) => `Pick a new time for your tour here: ${link}`,
    cancel: (link: string) => `Your tour is cancelled. To book another time: ${link}`,
  },
  es: {
    confirm: () => 'Gracias, su visita está confirmada. ¡Hasta pronto!',
    reschedule: (link: string) => `Elija una nueva hora para su visita aquí: ${link}`,
    cancel: (link: string) => `Su visita está cancelada. Para reservar otra hora: ${link}`,
  },
};

/** What a lead's text asks of their tour, and in which language, if it is one of the answers. */
export const tourReplyOf = (body: string | null | undefined) =>
  REPLIES[
    (body ?? '')
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .trim()
      .replace(/[.!]+$/, '')
      .replace(/\s+/g, ' ')
      .toLowerCase()
  ];

const LEAD: Actor = { kind: 'system' };

/**
 * The last text the lead got before this one, when it was one of the tour's texts (its
 * confirmation or a reminder) that left: the lead is answering it. A 'yes' to anything else is
 * the team's.
 */
const answersTourText = async (
  scope: RecordingScope,
  leadId: string,
  tourId: string,
  before: Date,
) => {
  const [last] = await scope.db
    .select({ tourId: sql<string | null>`${conversationEvents.data} ->> 'tourId'` })
    .from(conversationEvents)
    .where(
      and(
        eq(conversationEvents.leadId, leadId),
        eq(conversationEvents.eventType, 'SMS'),
        ne(conversationEvents.senderType, 'LEAD'),
        notInArray(conversationEvents.sendingStatus, ['SCHEDULED', 'CANCELED']),
        sql`${conversationEvents.date} < ${before}`,
      ),
    )
    .orderBy(desc(conversationEvents.date))
    .limit(1);
  return last?.tourId === tourId;
};

/** An automatic answer, unless the lead's number cannot be texted now (an opt-out just made). */
const answer = async (deps: TourTextsDeps, scope: RecordingScope, leadId: string, text: string) => {
  const [lead] = await scope.db.select().from(leads).where(eq(leads.id, leadId));
  if (!lead || !(await canTextLead(scope.db, lead))) return;
  await sendAutomaticSms(deps, scope, lead as LeadRow, text, { evenIfOptedOut: false });
};

/**
 * A lead's text, in the transaction that stored it: when it answers the upcoming tour's text with
 * one of `REPLIES`, 'C' confirms the tour, 'R' texts the lead's booking link to pick a new time,
 * 'cancel' cancels it and frees its place, each with a short answer. Anything else is left to the
 * team, as every reply is.
 */
export const applyTourReply = async (
  deps: TourTextsDeps,
  scope: RecordingScope,
  inbound: { leadId: string; companyId: string; timelineEventId: string },
  now: Date,
): Promise<TourReply | undefined> => {
  const [message] = await scope.db
    .select()
    .from(conversationEvents)
    .where(eq(conversationEvents.id, inbound.timelineEventId));
  if (!message || message.eventType !== 'SMS' || message.senderType !== 'LEAD') return undefined;
  const asked = tourReplyOf(message.body);
  if (!asked) return undefined;
  const { reply } = asked;
  const words = ANSWERS[asked.language];
  const tour = await findUpcomingTourOfLead(scope.db, inbound.leadId, now);
  if (!tour || !(await answersTourText(scope, inbound.leadId, tour.id, message.date))) {
    return undefined;
  }
  const [lead] = await scope.db.select().from(leads).where(eq(leads.id, inbound.leadId));
  const link = await bookingLinkOf(scope.db, deps.publicUrl, lead!);
  if (reply === 'confirm') {
    const before = tour.confirmedAt;
    await confirmTourIn(scope, now, inbound.companyId, tour.id, LEAD);
    if (!before) await answer(deps, scope, inbound.leadId, words.confirm());
  } else if (reply === 'reschedule') {
    await answer(deps, scope, inbound.leadId, words.reschedule(link));
  } else {
    await cancelTourIn(deps, scope, now, inbound.companyId, tour.id, LEAD);
    await answer(deps, scope, inbound.leadId, words.cancel(link));
  }
  return reply;
};
