import type {
  ConsentChannel,
  ConsentRecord,
  ConsentSource,
  LeadConsent,
  OptStatus,
} from '@leasing/contract';
import type { Db } from '../../db/client.js';
import type { ConsentChangeRow, ConversationEventRow, LeadRow } from '../../db/schema/index.js';
import { domainEvent, type Actor } from '../../events/domain-events.js';
import type { EventPort, RecordingScope } from '../../events/event-port.js';
import { toE164 } from '../../lib/phone-numbers.js';
import {
  deleteOptOut,
  findOptOut,
  insertConsentChange,
  insertOptOut,
  latestConsentChange,
  leadAddresses,
  lockLeadRow,
  optOutPhoneUnlessOptedOut,
  setEmailOptOut,
  setSiblingStatus,
} from './consent.repository.js';
import { appendTimelineEvent } from '../conversation/index.js';
import { unsubscribeTokensOf, type UnsubscribeTokens } from './unsubscribe-token.js';

export type { UnsubscribeTokens } from './unsubscribe-token.js';
export { unsubscribeTokensOf } from './unsubscribe-token.js';

/** The https URL of the lead's one-click unsubscribe (`List-Unsubscribe`). */
export const unsubscribeUrlOf = async (db: Db, publicUrl: string, leadId: string) =>
  `${publicUrl}/unsubscribe/${(await unsubscribeTokensOf(db)).sign(leadId)}`;

const toRecord = (row: ConsentChangeRow): ConsentRecord => ({
  channel: row.channel,
  status: row.status,
  source: row.source,
  at: row.occurredAt.toISOString(),
  timelineEventId: row.timelineEventId,
  message: row.message,
  actorName: row.actorName,
});

/** The latest consent change of each channel: what the contact facts and the integration show. */
export const leadConsentOf = async (db: Db, leadId: string): Promise<LeadConsent> => {
  const [sms, email] = await Promise.all([
    latestConsentChange(db, leadId, 'SMS'),
    latestConsentChange(db, leadId, 'EMAIL'),
  ]);
  return { sms: sms ? toRecord(sms) : null, email: email ? toRecord(email) : null };
};

export type ConsentChange = {
  lead: Pick<LeadRow, 'id' | 'companyId'>;
  channel: ConsentChannel;
  status: OptStatus;
  source: ConsentSource;
  timelineEventId: string | null;
  /** The lead's words, when a message made the change. */
  message?: string | null;
  actor: Actor;
  /** The name of a key actor (a user actor carries their own). */
  actorName?: string | null;
  at?: Date;
};

/** The register's key of an address: a phone as E.164, an email in lower case. */
export const registerAddressOf = (channel: ConsentChannel, raw: string): string =>
  channel === 'SMS' ? (toE164(raw) ?? raw.trim()) : raw.trim().toLowerCase();

/**
 * Whether the company's opt-out register holds this address: it opted out (through any lead of
 * the company) and no lead with it has opted back in since. No address: nothing to hold.
 */
export const isOptedOutAddress = async (
  db: Db,
  companyId: string,
  channel: ConsentChannel,
  raw: string | null | undefined,
): Promise<boolean> => {
  if (!raw?.trim()) return false;
  const address = registerAddressOf(channel, raw);
  return (await findOptOut(db, { companyId, channel, address })) !== undefined;
};

/** Whether the lead can get a text now: a phone, not opted out, not on the opt-out register. */
export const canTextLead = async (
  db: Db,
  lead: Pick<LeadRow, 'companyId' | 'phone' | 'phoneOptStatus'>,
): Promise<boolean> =>
  Boolean(lead.phone) &&
  lead.phoneOptStatus !== 'OPT_OUT' &&
  !(await isOptedOutAddress(db, lead.companyId, 'SMS', lead.phone));

/**
 * The register follows a consent change of the lead's current address: an opt-out puts it on,
 * an opt-in (START, a written consent with who and when) takes it off; "no indication" leaves it.
 */
const updateRegister = async (db: Db, change: ConsentChange) => {
  if (change.status === 'NO_INDICATION') return;
  const lead = await leadAddresses(db, change.lead.id);
  const raw = change.channel === 'SMS' ? lead?.phone : lead?.email;
  if (!lead || !raw?.trim()) return;
  const key = {
    companyId: lead.companyId,
    channel: change.channel,
    address: registerAddressOf(change.channel, raw),
  };
  if (change.status === 'OPT_IN') await deleteOptOut(db, key);
  else
    await insertOptOut(db, key, {
      leadId: change.lead.id,
      source: change.source,
      ...(change.at ? { occurredAt: change.at } : {}),
    });
  // The company's other leads with this address follow it, each with its consent record (the
  // message that made the change is on the other lead's timeline, not theirs).
  for (const sibling of await setSiblingStatus(db, key, change.lead.id, change.status)) {
    await insertChange(db, { ...change, lead: sibling, timelineEventId: null });
  }
};

/**
 * Writes one consent change into the caller's transaction, and the company's opt-out register
 * with it (the lead row is the caller's to set, before this call when its address changes).
 */
export const recordConsentChange = async (db: Db, change: ConsentChange): Promise<void> => {
  await updateRegister(db, change);
  await insertChange(db, change);
};

/**
 * The carrier refused a text because the number opted out with it (Twilio 21610): the lead is
 * opted out here too, and the consent record says the carrier told us.
 */
export const optOutByCarrier = async (
  db: Db,
  event: Pick<ConversationEventRow, 'id' | 'leadId'>,
): Promise<void> => {
  const lead = await optOutPhoneUnlessOptedOut(db, event.leadId);
  if (!lead) return;
  await recordConsentChange(db, {
    lead,
    channel: 'SMS',
    status: 'OPT_OUT',
    source: 'carrier',
    timelineEventId: event.id,
    actor: { kind: 'system' },
  });
};

/**
 * A text that opted out but could not be given to a lead (it is kept as unmatched): its number
 * goes on the company's register at once, and the company's leads with that number follow it,
 * each with its consent record. Answers the register's address (E.164).
 */
export const optOutUnmatchedNumber = async (
  db: Db,
  change: { companyId: string; phone: string; source: ConsentSource; message: string; at: Date },
): Promise<string> => {
  const key = {
    companyId: change.companyId,
    channel: 'SMS' as const,
    address: registerAddressOf('SMS', change.phone),
  };
  await insertOptOut(db, key, { leadId: null, source: change.source, occurredAt: change.at });
  for (const lead of await setSiblingStatus(db, key, null, 'OPT_OUT')) {
    await insertChange(db, {
      lead,
      channel: 'SMS',
      status: 'OPT_OUT',
      source: change.source,
      timelineEventId: null,
      message: change.message,
      actor: { kind: 'system' },
      at: change.at,
    });
  }
  return key.address;
};

const insertChange = async (db: Db, change: ConsentChange) => {
  const { actor } = change;
  await insertConsentChange(db, {
    companyId: change.lead.companyId,
    leadId: change.lead.id,
    channel: change.channel,
    status: change.status,
    source: change.source,
    timelineEventId: change.timelineEventId,
    message: change.message ?? null,
    actorUserId: actor.kind === 'user' ? actor.userId : null,
    actorApiKeyId: actor.kind === 'api-key' ? actor.apiKeyId : null,
    actorName: actor.kind === 'user' ? actor.name : (change.actorName ?? null),
    ...(change.at ? { occurredAt: change.at } : {}),
  });
};

const channelWords: Record<ConsentChannel, { out: string; in: string }> = {
  SMS: { out: 'Opted out of texts', in: 'Opted in to texts' },
  EMAIL: { out: 'Unsubscribed from email', in: 'Opted in to email' },
};

const sourceWords: Record<ConsentSource, string> = {
  sms_keyword: 'replied with a keyword',
  sms_phrase: 'asked by text',
  staff: 'by',
  email_one_click: 'with the unsubscribe link of an email',
  integration: 'by an integration',
  carrier: 'the carrier reported the number opted out',
  booking_page: 'agreed on the tour booking page',
};

/** The timeline line: "Opted out of texts by Dana Whitfield", "Unsubscribed from email with …". */
const consentEventBody = (
  channel: ConsentChannel,
  status: OptStatus,
  source: ConsentSource,
  actor: Actor,
) => {
  const what = status === 'OPT_OUT' ? channelWords[channel].out : channelWords[channel].in;
  if (source === 'staff' && actor.kind === 'user') return `${what} by ${actor.name}`;
  return `${what} — ${sourceWords[source]}`;
};

/**
 * A consent change that is not a lead's text: the CONSENT_CHANGE timeline event, the consent row
 * and `consent.changed` (audited when a person or key made it; announced to open consoles), in the
 * caller's transaction. The lead's opt status is the caller's to set.
 */
export const recordConsentEvent = async (
  { db, record }: Pick<RecordingScope, 'db' | 'record'>,
  change: Omit<ConsentChange, 'timelineEventId' | 'message'> & { at: Date },
) => {
  const personName = change.actor.kind === 'user' ? change.actor.name : null;
  const event = await appendTimelineEvent(db, {
    companyId: change.lead.companyId,
    leadId: change.lead.id,
    eventType: 'CONSENT_CHANGE',
    date: change.at,
    body: consentEventBody(change.channel, change.status, change.source, change.actor),
    senderType: personName ? 'USER' : 'SYSTEM',
    senderName: personName,
    eventByUserName: personName,
    data: { consent: { channel: change.channel, status: change.status, source: change.source } },
  });
  await recordConsentChange(db, { ...change, timelineEventId: event.id });
  record(
    domainEvent('consent.changed', {
      companyId: change.lead.companyId,
      leadId: change.lead.id,
      channel: change.channel,
      status: change.status,
      source: change.source,
      timelineEventId: event.id,
      actor: change.actor,
    }),
  );
  return event;
};

export type UnsubscribeOutcome = 'unsubscribed' | 'already' | 'unknown';

/**
 * RFC 8058 one-click: the token names the lead; its email becomes OPT_OUT, once (a second POST
 * changes nothing), with the change on its timeline.
 */
export const unsubscribeEmail = async (
  deps: { events: EventPort; tokens: UnsubscribeTokens; now: () => Date },
  token: string,
): Promise<UnsubscribeOutcome> => {
  const leadId = deps.tokens.verify(token);
  if (!leadId) return 'unknown';
  return deps.events.transaction(async (scope) => {
    const lead = await lockLeadRow(scope.db, leadId);
    if (!lead) return 'unknown';
    if (lead.emailOptStatus === 'OPT_OUT') return 'already';
    await setEmailOptOut(scope.db, lead.id);
    await recordConsentEvent(scope, {
      lead,
      channel: 'EMAIL',
      status: 'OPT_OUT',
      source: 'email_one_click',
      actor: { kind: 'system' },
      at: deps.now(),
    });
    return 'unsubscribed';
  });
};

/** Whether a token is one this installation signed (the confirmation page asks before acting). */
export const isUnsubscribeToken = (tokens: UnsubscribeTokens, token: string) =>
  tokens.verify(token) !== undefined;
