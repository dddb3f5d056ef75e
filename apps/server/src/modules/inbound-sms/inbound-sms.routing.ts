import { and, desc, eq, isNull, like, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  conversationEvents,
  leads,
  properties,
  type LeadRow,
  type PropertyRow,
} from '../../db/schema/index.js';
import { formatPhone } from '../../lib/phone-numbers.js';

export type InboundRoute =
  { kind: 'lead'; lead: LeadRow; created: boolean } | { kind: 'unmatched'; reason: string };

export type RoutingInput = {
  /** E.164, or undefined when the sender is not a phone number. */
  from: string | undefined;
  to: string | undefined;
  rawFrom: string;
  rawTo: string;
  /** TWILIO_FROM: the number every property without its own sends from. */
  sharedNumber: string;
  /** Chosen when the shared number's routing finds nobody (the sandbox's simulated reply). */
  fallbackLeadId?: string;
};

/**
 * Serializes everyone who takes the same key until the transaction ends, in every process on the
 * database: concurrent deliveries of one webhook wait for the first, then see what it stored.
 */
export const lockForTransaction = (db: Db, key: string) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);

const unmatched = (reason: string): InboundRoute => ({ kind: 'unmatched', reason });

/** A unique PMS id in the property for a lead the text created: `SMS-15125550199`, then `-2`… */
const freePmsLeadId = async (db: Db, propertyId: string, phone: string) => {
  const base = `SMS-${phone.replace(/\D/g, '')}`;
  const taken = new Set(
    (
      await db
        .select({ pmsLeadId: leads.pmsLeadId })
        .from(leads)
        .where(and(eq(leads.propertyId, propertyId), like(leads.pmsLeadId, `${base}%`)))
    ).map((row) => row.pmsLeadId),
  );
  let candidate = base;
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${base}-${n}`;
  return candidate;
};

/** A property's own number is only ever its own leads': the sender's lead there, or a new one. */
const leadOnPropertyNumber = async (
  db: Db,
  property: PropertyRow,
  from: string,
): Promise<InboundRoute> => {
  // Two first texts from one stranger must not create two leads.
  await lockForTransaction(db, `sms-lead:${property.id}:${from}`);
  const [existing] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.propertyId, property.id), eq(leads.phone, from)))
    .orderBy(desc(leads.lastActivityAt), desc(leads.id))
    .limit(1);
  if (existing) return { kind: 'lead', lead: existing, created: false };
  const [created] = await db
    .insert(leads)
    .values({
      companyId: property.companyId,
      propertyId: property.id,
      pmsLeadId: await freePmsLeadId(db, property.id, from),
      name: formatPhone(from),
      phone: from,
    })
    .returning();
  return { kind: 'lead', lead: created!, created: true };
};

/**
 * Many companies' properties share one number, so the sender alone names no lead: the answer goes
 * to whoever we last texted at that phone from it.
 */
const lastTextedOnSharedNumber = async (db: Db, from: string) => {
  const [hit] = await db
    .select({ lead: leads })
    .from(conversationEvents)
    .innerJoin(leads, eq(leads.id, conversationEvents.leadId))
    .innerJoin(properties, eq(properties.id, leads.propertyId))
    .where(
      and(
        eq(leads.phone, from),
        isNull(properties.smsNumber),
        eq(conversationEvents.eventType, 'SMS'),
        ne(conversationEvents.senderType, 'LEAD'),
      ),
    )
    .orderBy(desc(conversationEvents.date), desc(conversationEvents.id))
    .limit(1);
  return hit?.lead;
};

const fallbackOnSharedNumber = async (db: Db, leadId: string, from: string) => {
  const [hit] = await db
    .select({ lead: leads })
    .from(leads)
    .innerJoin(properties, eq(properties.id, leads.propertyId))
    .where(and(eq(leads.id, leadId), eq(leads.phone, from), isNull(properties.smsNumber)));
  return hit?.lead;
};

/** Which lead an inbound text belongs to, or why none: it is then kept as unmatched. */
export const routeInboundSms = async (db: Db, input: RoutingInput): Promise<InboundRoute> => {
  const { from, to } = input;
  if (!from) return unmatched(`The sender "${input.rawFrom}" is not a phone number.`);
  if (!to) return unmatched(`It was sent to "${input.rawTo}", which is not a phone number.`);

  const [property] = await db.select().from(properties).where(eq(properties.smsNumber, to));
  if (property) return leadOnPropertyNumber(db, property, from);

  if (to === input.sharedNumber) {
    const lead =
      (await lastTextedOnSharedNumber(db, from)) ??
      (input.fallbackLeadId
        ? await fallbackOnSharedNumber(db, input.fallbackLeadId, from)
        : undefined);
    if (lead) return { kind: 'lead', lead, created: false };
    return unmatched(
      `Nobody has texted ${formatPhone(from)} from the shared number ${formatPhone(to)}, so no lead could be chosen.`,
    );
  }
  return unmatched(
    `It was sent to ${formatPhone(to)}, which is neither the shared number nor any property's own number.`,
  );
};
