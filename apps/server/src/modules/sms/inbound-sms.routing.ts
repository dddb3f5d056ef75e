import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  conversationEvents,
  leads,
  properties,
  type LeadRow,
  type PropertyRow,
} from '../../db/schema/index.js';
import { formatPhone } from '../../lib/phone-numbers.js';
import { lockForTransaction } from '../../lib/transaction-lock.js';
import { freePmsLeadId, insertLead } from '../lead/index.js';
import {
  numberOwner,
  numberSourceIdOf,
  trackingPropertyIdOf,
  type SharedNumber,
} from '../numbers/index.js';

export type InboundRoute =
  | { kind: 'lead'; lead: LeadRow; created: boolean }
  /** `companyId`: the company that owns the number it was sent to; null when none does. */
  | { kind: 'unmatched'; reason: string; companyId: string | null };

export type RoutingInput = {
  /** E.164, or undefined when the sender is not a phone number. */
  from: string | undefined;
  to: string | undefined;
  rawFrom: string;
  rawTo: string;
  /** TWILIO_FROM, the deployment's shared number, and the company that owns it. */
  shared: SharedNumber;
  /**
   * Chosen when a company number's routing finds nobody (the sandbox's simulated reply); only a
   * lead of the company that owns the number.
   */
  fallbackLeadId?: string;
  /**
   * What a lead made for a stranger gets besides the number's source: its PMS id's prefix
   * (`SMS-15125550199` by default) and, when the number gives no source, another one (a caller's
   * 'Phone call'), asked for only when a lead is made.
   */
  newLead?: {
    pmsLeadIdPrefix: string;
    fallbackSourceId: (companyId: string) => Promise<string | null>;
  };
};

type NewLeadRule = NonNullable<RoutingInput['newLead']>;

const newLeadByText: NewLeadRule = { pmsLeadIdPrefix: 'SMS', fallbackSourceId: async () => null };

const unmatched = (reason: string, companyId: string | null): InboundRoute => ({
  kind: 'unmatched',
  reason,
  companyId,
});

/**
 * A property's own number (or one of its tracking numbers) is only ever its own leads': the
 * sender's lead there, or a new one, which gets the number's source (a tracking number's 'Zillow').
 */
const leadOnPropertyNumber = async (
  db: Db,
  property: PropertyRow,
  from: string,
  to: string,
  rule: NewLeadRule,
): Promise<InboundRoute> => {
  // Two first texts (or a text and a call) from one stranger must not create two leads.
  await lockForTransaction(db, `sms-lead:${property.id}:${from}`);
  const [existing] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.propertyId, property.id), eq(leads.phone, from)))
    .orderBy(desc(leads.lastActivityAt), desc(leads.id))
    .limit(1);
  if (existing) return { kind: 'lead', lead: existing, created: false };
  const created = await insertLead(db, {
    companyId: property.companyId,
    propertyId: property.id,
    pmsLeadId: await freePmsLeadId(
      db,
      property.id,
      `${rule.pmsLeadIdPrefix}-${from.replace(/\D/g, '')}`,
    ),
    name: formatPhone(from),
    phone: from,
    sourceId:
      (await numberSourceIdOf(db, property.companyId, to)) ??
      (await rule.fallbackSourceId(property.companyId)),
  });
  return { kind: 'lead', lead: created, created: true };
};

/**
 * A company's number that is no property's own is shared by its properties without one, so the
 * sender alone names no lead: the answer goes to whoever of that company we last texted at that
 * phone from it. Never a lead of another company.
 */
const lastTextedOnCompanyNumber = async (db: Db, companyId: string, from: string) => {
  const [hit] = await db
    .select({ lead: leads })
    .from(conversationEvents)
    .innerJoin(leads, eq(leads.id, conversationEvents.leadId))
    .innerJoin(properties, eq(properties.id, leads.propertyId))
    .where(
      and(
        eq(leads.companyId, companyId),
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

const fallbackOnCompanyNumber = async (db: Db, companyId: string, leadId: string, from: string) => {
  const [hit] = await db
    .select({ lead: leads })
    .from(leads)
    .innerJoin(properties, eq(properties.id, leads.propertyId))
    .where(
      and(
        eq(leads.id, leadId),
        eq(leads.companyId, companyId),
        eq(leads.phone, from),
        isNull(properties.smsNumber),
      ),
    );
  return hit?.lead;
};

/**
 * Which lead an inbound text (or call) belongs to, or why none: a text is then kept as
 * unmatched. Only the company that owns the number it was sent to is ever searched.
 */
export const routeInboundSms = async (db: Db, input: RoutingInput): Promise<InboundRoute> => {
  const { from, to } = input;
  if (!to) return unmatched(`It was sent to "${input.rawTo}", which is not a phone number.`, null);
  const companyId = await numberOwner(db, to, input.shared);
  if (!companyId) {
    return unmatched(`It was sent to ${formatPhone(to)}, which no company here owns.`, null);
  }
  if (!from) return unmatched(`The sender "${input.rawFrom}" is not a phone number.`, companyId);

  // The registry guarantees a property's own number is its company's; a tracking number's
  // property is looked up inside the number's company.
  const trackedId = await trackingPropertyIdOf(db, companyId, to);
  const [property] = await db
    .select()
    .from(properties)
    .where(
      trackedId
        ? and(eq(properties.id, trackedId), eq(properties.companyId, companyId))
        : eq(properties.smsNumber, to),
    );
  if (property) return leadOnPropertyNumber(db, property, from, to, input.newLead ?? newLeadByText);

  const lead =
    (await lastTextedOnCompanyNumber(db, companyId, from)) ??
    (input.fallbackLeadId
      ? await fallbackOnCompanyNumber(db, companyId, input.fallbackLeadId, from)
      : undefined);
  if (lead) return { kind: 'lead', lead, created: false };
  return unmatched(
    `Nobody has texted ${formatPhone(from)} from ${formatPhone(to)}, so no lead could be chosen.`,
    companyId,
  );
};
