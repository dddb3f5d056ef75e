import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { InboundEmailAccepted } from '@leasing/contract';
import type { Database, Db, SqlExecutor } from '../../db/client.js';
import type { ConversationEventRow } from '../../db/schema/index.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { domainEvent, type DomainEvent } from '../../events/domain-events.js';
import type { EventPort } from '../../events/event-port.js';
import { looksLikeImage, storeInboundFile, type StoredFile } from '../messaging/index.js';
import type { MediaStorage } from '../messaging/index.js';
import type { TranslationRequests } from '../conversation/index.js';
import { markMessageFailed, messageStatusChanged } from '../messaging/index.js';
import { appendTimelineEvent } from '../conversation/index.js';
import { isHardBounce, type DeliveryReport, type ParsedDeliveryReport } from './delivery-report.js';
import { bumpLeadActivity, markLeadUndeliverable } from '../lead/index.js';
import { insertUnmatchedMessage } from '../unmatched/index.js';
import { findDelivery, lockEvent, lockKey } from './inbound-email.repository.js';
import { resolveMailboxes, type Mailbox } from './mailbox.js';
import { parseInboundEmail, type InboundEmail } from './parse-inbound-email.js';
import { verifySender, type SenderAuthentication, type SmtpClient } from './sender-verification.js';
import { chooseLead, findBouncedEvent } from './threading.js';
import {
  enqueueInboundThumbnails,
  MAX_THUMBNAILS_PER_EMAIL,
  type PendingThumbnail,
} from './inbound-email-thumbnails.job.js';
import type { DnsResolver } from '../../lib/dns-resolver.js';

export type InboundEmailDeps = {
  database: Database;
  /** Thumbnails of an email's images are made by a job queued with the email. */
  queue: PgBoss;
  storage: MediaStorage;
  /** Deliveries are written in its transactions, which record what they stored. */
  events: EventPort;
  requestTranslation: TranslationRequests['requestIfNeeded'];
  verifySender: (raw: Buffer, client: SmtpClient | undefined) => Promise<SenderAuthentication>;
};

export const inboundEmailDeps = (
  app: FastifyInstance,
  {
    resolver,
    storage,
    translation,
  }: { resolver?: DnsResolver; storage: MediaStorage; translation: TranslationRequests },
): InboundEmailDeps => ({
  database: app.database,
  queue: app.queue,
  storage,
  events: app.events,
  requestTranslation: translation.requestIfNeeded,
  verifySender: (raw, client) =>
    verifySender(raw, client, { resolver, mta: new URL(app.config.publicUrl).hostname }),
});

/**
 * Where the message came from: the SMTP envelope and client, or nothing (the webhook reads the
 * headers, and its provider is the only client we could judge).
 */
export type InboundEnvelope = { recipients?: string[]; mailFrom?: string; client?: SmtpClient };

export const NOT_VERIFIED_REASON = 'Sender not verified: not opening a new lead';

const NO_MAILBOX = 'NO_MAILBOX';

export const isNoMailboxError = (error: unknown) =>
  error instanceof HttpError && error.code === NO_MAILBOX;

const noMailbox = () =>
  new HttpError(
    NO_MAILBOX,
    'No recipient of this message (To, Cc, Delivered-To, X-Original-To) is a registered leasing address.',
  );

/**
 * An email's files as the SMTP session leaves them: all for download. The thumbnails job moves the
 * images that decode to the attachments (and their Content-IDs to `data.inlineImages`).
 */
type StoredFiles = {
  otherAttachments: StoredFile[];
  /** Files that look like images, to get a thumbnail from the queue (see the thumbnails job). */
  pendingThumbnails: PendingThumbnail[];
};

const noFiles = (): StoredFiles => ({ otherAttachments: [], pendingThumbnails: [] });

/**
 * Every file is kept as it came and offered for download; nothing is decoded here, in the sender's
 * SMTP session. Files whose bytes say PNG, JPEG, GIF or WebP (the first MAX_THUMBNAILS_PER_EMAIL)
 * wait for the queue, which makes their thumbnails and shows them as images when they decode.
 * Nothing of a message is dropped.
 */
const storeFiles = async (storage: MediaStorage, email: InboundEmail): Promise<StoredFiles> => {
  const files = noFiles();
  for (const part of email.attachments) {
    const stored = await storeInboundFile(storage, part.content, part.filename);
    files.otherAttachments.push(stored);
    if (
      files.pendingThumbnails.length < MAX_THUMBNAILS_PER_EMAIL &&
      (await looksLikeImage(part.content, part.filename))
    ) {
      const contentId = part.contentId?.replace(/^<|>$/g, '');
      files.pendingThumbnails.push({
        url: stored.url,
        fileName: stored.fileName,
        ...(contentId ? { contentId } : {}),
      });
    }
  }
  return files;
};

type Recorded = { result: InboundEmailAccepted; changed: DomainEvent[] };

/** A lead's email became their reply: on arrival, or when a person confirmed its sender. */
export const received = (event: ConversationEventRow) =>
  domainEvent('message.received', {
    companyId: event.companyId,
    leadId: event.leadId,
    timelineEventId: event.id,
    channel: 'EMAIL',
  });

/** On the timeline without being the lead's reply: a bounce, or mail from an unverified sender. */
const bounced = (event: ConversationEventRow) =>
  domainEvent('timeline.event_added', {
    companyId: event.companyId,
    leadId: event.leadId,
    timelineEventId: event.id,
    eventType: event.eventType,
  });

const keptUnmatched = async (
  db: Db,
  mailbox: Mailbox,
  email: InboundEmail,
  dedupeKey: string,
  reason: string,
  data: Record<string, unknown>,
): Promise<Recorded> => {
  const row = await insertUnmatchedMessage(db, {
    channel: 'EMAIL',
    companyId: mailbox.company.id,
    fromAddress: email.from?.address ?? '',
    toAddress: mailbox.company.registeredLeasingEmail ?? '',
    subject: email.subject,
    body: email.text,
    data: { messageId: email.messageId, ...data },
    reason,
    dedupeKey,
  });
  return { result: { unmatchedID: row.id, duplicate: false }, changed: [] };
};

const recordMessage = async (
  deps: InboundEmailDeps,
  scope: { db: Db; sql: SqlExecutor },
  mailbox: Mailbox,
  email: InboundEmail,
  files: StoredFiles,
  dedupeKey: string,
  auth: SenderAuthentication,
): Promise<Recorded> => {
  const { db } = scope;
  const authData = {
    senderVerified: auth.verified ?? null,
    senderAuth: { spf: auth.spf, dkim: auth.dkim, dmarc: auth.dmarc },
  };
  // A sender that failed verification may be anyone: its mail reaches only a lead it already has.
  const chosen = await chooseLead(db, mailbox, email, { mayOpenLead: auth.verified !== false });
  if (!chosen) {
    const reason =
      auth.verified === false
        ? NOT_VERIFIED_REASON
        : email.from
          ? 'The company has no property to file a new lead under.'
          : 'The message has no sender address, so no lead could be found or created.';
    return keptUnmatched(db, mailbox, email, dedupeKey, reason, {
      ...authData,
      ...(files.otherAttachments.length > 0 ? { otherAttachments: files.otherAttachments } : {}),
    });
  }
  const { lead } = chosen;
  const event = await appendTimelineEvent(db, {
    companyId: mailbox.company.id,
    leadId: lead.id,
    eventType: 'EMAIL',
    senderType: 'LEAD',
    senderName: lead.name,
    subject: email.subject,
    body: email.text,
    providerMessageId: email.messageId,
    data: {
      ...(email.html ? { html: email.html } : {}),
      ...(email.inReplyTo ? { inReplyTo: email.inReplyTo } : {}),
      ...(email.references.length > 0 ? { references: email.references } : {}),
      ...(email.from ? { from: email.from.address } : {}),
      ...(files.otherAttachments.length > 0 ? { otherAttachments: files.otherAttachments } : {}),
      ...(files.pendingThumbnails.length > 0 ? { pendingThumbnails: files.pendingThumbnails } : {}),
      // Recorded, never answered: nothing here queues a reply, and nothing may start to.
      ...(email.autoSubmitted ? { autoSubmitted: true } : {}),
      ...authData,
    },
  });
  await bumpLeadActivity(db, lead.id, event.date);
  await deps.requestTranslation(event, lead, scope.sql);
  if (files.pendingThumbnails.length > 0)
    await enqueueInboundThumbnails(deps.queue, scope.sql, event.id);
  // A failed sender may be anyone: their mail is no reply (nothing cancelled, notified or sent to
  // webhooks, and the inbox trigger skips it) until a person confirms it (sender-confirmation).
  const held = auth.verified === false;
  return {
    result: { eventID: event.id, duplicate: false },
    changed: [held ? bounced(event) : received(event)],
  };
};

const bounceReason = (report: DeliveryReport) =>
  report.diagnostic ??
  (report.status
    ? `The receiving mail server answered status ${report.status}.`
    : 'The receiving mail server refused the message.');

const bounceSummary = (report: DeliveryReport, original: ConversationEventRow, hard: boolean) => {
  const what = `The email${original.subject ? ` "${original.subject}"` : ''}${report.recipient ? ` to ${report.recipient}` : ''}`;
  if (hard) return `${what} could not be delivered: ${bounceReason(report)}`;
  if (report.action === 'delayed') return `${what} is delayed: ${bounceReason(report)}`;
  return `Delivery report for ${what.charAt(0).toLowerCase()}${what.slice(1)}: ${report.action ?? 'no action given'}.`;
};

/**
 * A bounce goes on the timeline of the lead whose message it returns. A permanent failure also
 * marks that lead's address undeliverable and the message FAILED, with the server's reason.
 */
const recordBounce = async (
  db: Db,
  mailbox: Mailbox,
  email: InboundEmail,
  { report, returnedMessageIds }: ParsedDeliveryReport,
  dedupeKey: string,
): Promise<Recorded> => {
  const found = await findBouncedEvent(db, mailbox.company.id, email, returnedMessageIds);
  const original = found ? await lockEvent(db, found.id) : undefined;
  if (!original) {
    return keptUnmatched(
      db,
      mailbox,
      email,
      dedupeKey,
      'A delivery report (bounce) for a message we have no record of sending.',
      { bounce: report, returnedMessageIds },
    );
  }
  const hard = isHardBounce(report);
  const event = await appendTimelineEvent(db, {
    companyId: mailbox.company.id,
    leadId: original.leadId,
    eventType: 'EMAIL',
    senderType: 'SYSTEM',
    senderName: 'Mail delivery system',
    subject: email.subject,
    body: bounceSummary(report, original, hard),
    providerMessageId: email.messageId,
    data: {
      bounce: report,
      bouncedEventId: original.id,
      ...(email.from ? { from: email.from.address } : {}),
      autoSubmitted: true,
    },
  });
  await bumpLeadActivity(db, original.leadId, event.date);
  if (!hard) return { result: { eventID: event.id, duplicate: false }, changed: [bounced(event)] };

  const reason = bounceReason(report);
  await markLeadUndeliverable(db, original.leadId, reason, event.date);
  const failed = await markMessageFailed(db, original, `The email bounced: ${reason}`);
  return {
    result: { eventID: event.id, duplicate: false },
    changed: failed ? [bounced(event), messageStatusChanged(failed)] : [bounced(event)],
  };
};

/** One company's copy of the message: stored once however often it arrives. */
const deliverToCompany = async (
  deps: InboundEmailDeps,
  mailbox: Mailbox,
  email: InboundEmail,
  auth: SenderAuthentication,
): Promise<InboundEmailAccepted> => {
  const companyId = mailbox.company.id;
  const dedupeKey = `email:${companyId}:${email.messageId}`;
  const earlier = await findDelivery(deps.database.db, companyId, email.messageId, dedupeKey);
  if (earlier) return { ...earlier, duplicate: true };

  // Files are written before the transaction (storage is not transactional): a duplicate racing
  // this one leaves at worst unreferenced files, never a message without its files.
  const report = email.deliveryReport;
  const files = report ? noFiles() : await storeFiles(deps.storage, email);
  return deps.events.transaction(async (scope) => {
    await lockKey(scope.db, dedupeKey);
    const again = await findDelivery(scope.db, companyId, email.messageId, dedupeKey);
    if (again) return { ...again, duplicate: true };
    const recorded = report
      ? await recordBounce(scope.db, mailbox, email, report, dedupeKey)
      : await recordMessage(deps, scope, mailbox, email, files, dedupeKey, auth);
    scope.record(...recorded.changed);
    return recorded.result;
  });
};

/**
 * Receives one raw email (from the SMTP listener or the webhook) for every company it is addressed
 * to, and answers what its first company's copy became. Throws (422) when no recipient is a
 * registered leasing address; any other error means nothing was committed and the sender should
 * try again.
 */
export const receiveInboundEmail = async (
  deps: InboundEmailDeps,
  raw: Buffer,
  envelope: InboundEnvelope = {},
): Promise<InboundEmailAccepted> => {
  if (raw.length === 0) throw badRequest('body', 'a raw MIME message (RFC 5322)');
  const parsed = await parseInboundEmail(raw);
  const email: InboundEmail =
    parsed.from || !envelope.mailFrom
      ? parsed
      : { ...parsed, from: { address: envelope.mailFrom.toLowerCase(), name: '' } };
  const mailboxes = await resolveMailboxes(
    deps.database.db,
    envelope.recipients ?? email.headerRecipients,
  );
  if (mailboxes.length === 0) throw noMailbox();
  const auth = await deps.verifySender(raw, envelope.client);
  const results: InboundEmailAccepted[] = [];
  for (const mailbox of mailboxes) results.push(await deliverToCompany(deps, mailbox, email, auth));
  return results[0]!;
};
