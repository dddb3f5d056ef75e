import { fileAttachmentSchema, getContactability } from '@leasing/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { EventPort } from '../../events/event-port.js';
import {
  companies,
  leads,
  properties,
  sandboxOutbox,
  type ConversationEventRow,
} from '../../db/schema/index.js';
import type { EmailTransport } from '../../providers/email-transport.js';
import { PermanentSendError, TransientSendError } from '../../providers/send-errors.js';
import type { SmsProvider } from '../../providers/sms-provider.js';
import {
  applyProviderStatus,
  findEventById,
  markFailed,
  recordAccepted,
  takeEarlyStatuses,
} from './message-status.repository.js';
import { failureDataFor, sendingStatusFor } from './provider-status.js';
import { markPending } from './send-gate.js';
import {
  MAX_SLOT_WAIT_MS,
  peekNextSlot,
  reserveSendSlot,
  SlotsBookedError,
  waitUntil,
} from './sending-rate.js';
import { UNATTENDED_RELEASE, type SendJob } from './send-queue.js';
import type { SendWindow } from '../scheduling/index.js';
import type { Clock } from '../../lib/clock.js';
import { FILE_CONTENT_TYPES, MEDIA_CONTENT_TYPES } from './media.service.js';
import type { MediaStorage } from './media.storage.js';
import { writeMessageStatus } from './message-events.js';
import { noSmsNumber, sendingNumberOf, sharedNumberOf } from '../numbers/index.js';
import { isOptedOutAddress, unsubscribeUrlOf } from '../lead/index.js';
import { markMessageInProgress } from '../conversation/index.js';

export type SendWorkerDeps = {
  db: Db;
  config: AppConfig;
  sms: SmsProvider;
  email: EmailTransport;
  /** Where an email's files are read from when it is sent. */
  storage: MediaStorage;
  log: FastifyBaseLogger;
  /** Status writes record `message.status_changed` here (live updates subscribe to it). */
  events: EventPort;
  /** Hands one job of a batch back to the queue for a retry with backoff. */
  retryLater: (jobId: string, error: Error) => Promise<void>;
  /** Enqueues the same send again, to start after a delay (its number is booked until then). */
  sendLater: (job: SendJob, startAfterSeconds: number) => Promise<void>;
  /** Told when the provider accepted a message (the metrics time it from the queue). */
  accepted: (event: ConversationEventRow, acceptedAt: Date) => void;
  /** Asked again for an unattended release, once its number's slot came. */
  sendWindow: SendWindow;
  now: Clock;
  /** Puts a text the window now refuses back on its schedule (`returnToSchedule`). */
  backToSchedule: (eventId: string, now: Date) => Promise<void>;
};

/** The lead's quiet hours began while an unattended text waited for its number's slot. */
class QuietHoursBeganError extends Error {}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`).replace(/\n/g, '<br>\n');

const loadContext = async (db: Db, event: ConversationEventRow) => {
  const [row] = await db
    .select({ lead: leads, property: properties, company: companies })
    .from(leads)
    .innerJoin(properties, eq(properties.id, leads.propertyId))
    .innerJoin(companies, eq(companies.id, leads.companyId))
    .where(eq(leads.id, event.leadId));
  if (!row) throw new PermanentSendError('The lead no longer exists.', undefined);
  return row;
};

const deliverSms = async (deps: SendWorkerDeps, event: ConversationEventRow) => {
  const { lead, property } = await loadContext(deps.db, event);
  // Checked again at send time with the same rule as at compose time: things change in between.
  // The one text an opted-out lead still gets is the confirmation of their STOP.
  const { reasons } = getContactability(lead, { emailEnabled: false }).SMS;
  const optedOut =
    reasons.includes('OPTED_OUT') ||
    (await isOptedOutAddress(deps.db, lead.companyId, 'SMS', lead.phone));
  if (optedOut && event.data.optOutConfirmation !== true)
    throw new PermanentSendError('The prospect opted out of SMS before it was sent.', undefined);
  if (!lead.phone || reasons.includes('NO_PHONE'))
    throw new PermanentSendError('The prospect has no phone number.', undefined);
  const from = await sendingNumberOf(deps.db, sharedNumberOf(deps.config), property);
  // The number may have been removed since the message was written.
  if (!from) throw new PermanentSendError(noSmsNumber().message, undefined);
  const wait = (await peekNextSlot(deps.db, from)).getTime() - Date.now();
  if (wait > MAX_SLOT_WAIT_MS)
    throw new SlotsBookedError(Math.ceil((wait - MAX_SLOT_WAIT_MS / 2) / 1000));
  await waitUntil(await reserveSendSlot(deps.db, from, deps.config.messaging.messagesPerSecond));
  // Released at its time inside the lead's allowed hours, it may have waited for the slot past
  // their end: asked again here, as close to the provider as it gets.
  if (event.data[UNATTENDED_RELEASE] === true) {
    const window = await deps.sendWindow({
      leadId: event.leadId,
      companyId: event.companyId,
      channel: 'SMS',
      now: deps.now(),
    });
    if (!window.allowed) throw new QuietHoursBeganError();
  }
  const message = {
    to: lead.phone,
    from,
    body: event.body ?? '',
    mediaUrls: event.attachments.map((attachment) => `${deps.config.publicUrl}${attachment.url}`),
    statusCallback: `${deps.config.publicUrl}/webhooks/twilio/status`,
  };
  const accepted = await deps.sms.send(message);
  deps.accepted(event, new Date());
  if (deps.sms.kind === 'sandbox') {
    await deps.db.insert(sandboxOutbox).values({
      companyId: event.companyId,
      eventId: event.id,
      channel: 'SMS',
      from,
      to: lead.phone,
      body: message.body,
      mediaUrls: message.mediaUrls,
    });
  }
  // Recorded first as accepted-but-not-final, then moved on through the one status code path.
  await writeMessageStatus(deps.events, (db) =>
    recordAccepted(db, event, accepted.providerMessageId, 'accepted', 'IN_PROGRESS'),
  );
  await writeMessageStatus(deps.events, (db) =>
    applyProviderStatus(db, accepted.providerMessageId, accepted.providerStatus, undefined),
  );
  // Callbacks that came before the answer above was written (kept, not dropped): applied now.
  await writeMessageStatus(deps.events, async (db) => {
    let latest: ConversationEventRow | undefined;
    for (const report of await takeEarlyStatuses(db, accepted.providerMessageId)) {
      const applied = await applyProviderStatus(
        db,
        accepted.providerMessageId,
        report.providerStatus,
        report.errorCode ?? undefined,
      );
      latest = applied ?? latest;
    }
    return latest;
  });
};

/** An email's stored files (its images, then its other files), as the message carries them. */
const emailFilesOf = async (storage: MediaStorage, event: ConversationEventRow) => {
  const files = [
    ...event.attachments,
    ...fileAttachmentSchema
      .array()
      .catch([])
      .parse(event.data.otherAttachments ?? []),
  ];
  return Promise.all(
    files.map(async (file) => {
      const content = await storage.get(file.url.replace(/^\/media\//, ''));
      if (!content)
        throw new PermanentSendError(`The attached file ${file.fileName} is missing.`, undefined);
      const extension = file.url.split('.').pop() ?? '';
      const contentType = MEDIA_CONTENT_TYPES[extension] ?? FILE_CONTENT_TYPES[extension];
      return { filename: file.fileName, content, contentType };
    }),
  );
};

const deliverEmail = async (deps: SendWorkerDeps, event: ConversationEventRow) => {
  const { lead, company } = await loadContext(deps.db, event);
  if (!lead.email || !company.registeredLeasingEmail || !event.providerMessageId) {
    throw new PermanentSendError('Email is no longer possible for this prospect.', undefined);
  }
  // An unsubscribe may come between writing the email and sending it.
  if (
    lead.emailOptStatus === 'OPT_OUT' ||
    (await isOptedOutAddress(deps.db, lead.companyId, 'EMAIL', lead.email))
  )
    throw new PermanentSendError(
      'The prospect unsubscribed from email before it was sent.',
      undefined,
    );
  const references = Array.isArray(event.data.references)
    ? (event.data.references as string[])
    : [];
  const result = await deps.email.send({
    from: { name: company.name, address: company.registeredLeasingEmail },
    to: lead.email,
    subject: event.subject ?? '',
    text: event.body ?? '',
    html: `<div>${escapeHtml(event.body ?? '')}</div>`,
    messageId: event.providerMessageId,
    inReplyTo: typeof event.data.inReplyTo === 'string' ? event.data.inReplyTo : undefined,
    references,
    unsubscribeUrl: await unsubscribeUrlOf(deps.db, deps.config.publicUrl, lead.id),
    attachments: await emailFilesOf(deps.storage, event),
  });
  deps.accepted(event, new Date());
  if (deps.email.kind === 'sandbox') {
    await deps.db.insert(sandboxOutbox).values({
      companyId: event.companyId,
      eventId: event.id,
      channel: 'EMAIL',
      from: company.registeredLeasingEmail,
      to: lead.email,
      subject: event.subject,
      body: event.body ?? '',
      raw: result.raw,
    });
  }
  // SMTP has no delivery receipts: the relay accepting the message is as far as we can see.
  const providerMessageId = event.providerMessageId;
  await writeMessageStatus(deps.events, (db) =>
    recordAccepted(db, event, providerMessageId, 'sent', sendingStatusFor('sent')),
  );
};

/** Nothing to send: it ended, or it waits for its release ('Send later') or was cancelled. */
const isSettledOrScheduled = (event: ConversationEventRow) =>
  event.sendingStatus === 'COMPLETED' ||
  event.sendingStatus === 'FAILED' ||
  event.sendingStatus === 'SCHEDULED' ||
  event.sendingStatus === 'CANCELED';

/**
 * One send job: PENDING → IN_PROGRESS → provider → COMPLETED or FAILED. Transient failures go back
 * to the queue for a retry with backoff; permanent ones end the message FAILED at once.
 * A message the provider already accepted (providerStatus set) is never handed over again.
 */
const sendOne = async (deps: SendWorkerDeps, job: PgBoss.JobWithMetadata<SendJob>) => {
  const event = await findEventById(deps.db, job.data.eventId);
  if (!event || isSettledOrScheduled(event)) return;
  if (event.providerStatus !== null) return;

  await writeMessageStatus(deps.events, async (db) => {
    await markMessageInProgress(db, event.id);
    return { ...event, sendingStatus: 'IN_PROGRESS' as const };
  });
  try {
    if (event.eventType === 'SMS') await deliverSms(deps, event);
    else await deliverEmail(deps, event);
  } catch (error) {
    if (error instanceof QuietHoursBeganError) {
      await deps.backToSchedule(event.id, deps.now());
      return;
    }
    if (error instanceof SlotsBookedError) {
      await markPending(deps.db, event.id);
      await deps.sendLater(job.data, error.retryInSeconds);
      return;
    }
    const lastAttempt = job.retryCount >= job.retryLimit;
    if (error instanceof TransientSendError && !lastAttempt) {
      deps.log.warn(
        { eventId: event.id, attempt: job.retryCount + 1, err: error },
        'send failed, will retry',
      );
      await deps.retryLater(job.id, error);
      return;
    }
    const code =
      error instanceof PermanentSendError || error instanceof TransientSendError
        ? error.code
        : undefined;
    const failure =
      error instanceof TransientSendError
        ? `Gave up after ${job.retryCount + 1} attempts. ${error.message}`
        : failureDataFor(code, (error as Error).message);
    deps.log.warn({ eventId: event.id, err: error }, 'send failed for good');
    await writeMessageStatus(deps.events, (db) => markFailed(db, event, failure, code));
  }
};

/**
 * Works a batch of send jobs side by side (each waits for its own number's slot). A job that hits
 * an unexpected error is retried on its own; the rest of the batch completes.
 */
export const createSendHandler =
  (deps: SendWorkerDeps) => async (jobs: PgBoss.JobWithMetadata<SendJob>[]) => {
    await Promise.all(
      jobs.map((job) =>
        sendOne(deps, job).catch(async (error: Error) => {
          deps.log.error({ jobId: job.id, err: error }, 'send job crashed; it will be retried');
          await deps.retryLater(job.id, error);
        }),
      ),
    );
  };

/** Jobs whose retries ran out without an answer (a worker kept dying): the message is FAILED. */
export const createDeadLetterHandler =
  (deps: Pick<SendWorkerDeps, 'db' | 'events'>) =>
  async ([job]: PgBoss.Job<SendJob>[]) => {
    if (!job) return;
    const event = await findEventById(deps.db, job.data.eventId);
    if (!event || isSettledOrScheduled(event)) return;
    if (event.providerStatus !== null) return;
    await writeMessageStatus(deps.events, (db) =>
      markFailed(db, event, 'The message could not be sent: every attempt was interrupted.'),
    );
  };
