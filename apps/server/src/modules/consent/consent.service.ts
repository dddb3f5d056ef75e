import type {
  ConsentChannel,
  ConsentRecord,
  ConsentSource,
  LeadConsent,
  OptStatus,
} from '@leasing/contract';
import type { Db } from '../../db/client.js';
import type { ConsentChangeRow, LeadRow } from '../../db/schema/index.js';
import { domainEvent, type Actor } from '../../events/domain-events.js';
import type { EventPort, RecordingScope } from '../../events/event-port.js';
import {
  insertConsentChange,
  insertConsentEvent,
  latestConsentChange,
  lockLeadRow,
  setEmailOptOut,
} from './consent.repository.js';
import { createUnsubscribeTokens, type UnsubscribeTokens } from './unsubscribe-token.js';

export type { UnsubscribeTokens } from './unsubscribe-token.js';

const tokensByDb = new WeakMap<Db, Promise<UnsubscribeTokens>>();

/** The installation's unsubscribe tokens, loaded once per database (the key lives in it). */
export const unsubscribeTokensOf = (db: Db): Promise<UnsubscribeTokens> => {
  let tokens = tokensByDb.get(db);
  if (!tokens) {
    tokens = createUnsubscribeTokens(db);
    tokensByDb.set(db, tokens);
    tokens.catch(() => tokensByDb.delete(db));
  }
  return tokens;
};

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

/** Writes one consent change into the caller's transaction (the lead row is the caller's to set). */
export const recordConsentChange = async (db: Db, change: ConsentChange): Promise<void> => {
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
  const event = await insertConsentEvent(db, {
    companyId: change.lead.companyId,
    leadId: change.lead.id,
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
