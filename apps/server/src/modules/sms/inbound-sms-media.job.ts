import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Attachment, FileAttachment } from '@leasing/contract';
import type { Database, SqlExecutor } from '../../db/client.js';
import { conversationEvents, unmatchedMessages } from '../../db/schema/index.js';
import { domainEvent } from '../../events/domain-events.js';
import type { EventPort } from '../../events/event-port.js';
import { setEventFiles } from '../conversation/index.js';
import { setUnmatchedFiles } from '../unmatched/index.js';
import { storeInboundFile, storeInboundImage } from '../messaging/index.js';
import type { MediaStorage } from '../messaging/index.js';
import { fetchTwilioMedia, MediaRefusedError } from './media-fetch.js';

export const INBOUND_SMS_MEDIA_QUEUE = 'inbound-sms-media';

/** The message whose `data.pendingMedia` the job fetches: a timeline event or an unmatched text. */
export type InboundMediaJob = { target: 'event' | 'unmatched'; id: string };

/** One MMS file Twilio holds for us, not fetched yet; kept in `data.pendingMedia`. */
export const pendingMediaSchema = z.object({
  index: z.number().int(),
  url: z.string(),
  contentType: z.string().nullable(),
});
export type PendingMedia = z.infer<typeof pendingMediaSchema>;
const pendingListSchema = z.array(pendingMediaSchema).catch([]);

/**
 * Larger than any MMS a carrier delivers; a file this big is recorded, not fetched again, and is
 * never read past this size.
 */
const MAX_MEDIA_BYTES = 20 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 20_000;
/**
 * Eight retries with exponential backoff from 2 s span about a quarter of an hour: long enough to
 * outlast a Twilio hiccup, short enough that a message does not say "loading" for a day.
 */
const jobOptions = { retryLimit: 8, retryDelay: 2, retryBackoff: true, expireInSeconds: 300 };

/** Queued in the message's own transaction (`sql`): the message never exists without its media job. */
export const enqueueInboundMedia = (queue: PgBoss, sql: SqlExecutor, job: InboundMediaJob) =>
  queue.send(INBOUND_SMS_MEDIA_QUEUE, job, { ...jobOptions, db: sql });

/**
 * The extension a file's name gets from the type Twilio says it is, for a type the bytes cannot
 * tell (a vCard is text); any other file is named for what its bytes are.
 */
const CLAIMED_EXTENSIONS: Record<string, string> = {
  'text/vcard': '.vcf',
  'text/x-vcard': '.vcf',
};

type Landed =
  | { kind: 'image'; attachment: Attachment }
  | { kind: 'other'; file: FileAttachment }
  | { kind: 'failed'; reason: string };

export type MediaFetchDeps = {
  database: Database;
  storage: MediaStorage;
  /** Twilio serves media behind the account's Basic auth. */
  twilio: { accountSid: string; authToken: string } | undefined;
  twilioApiUrl: string;
  /** Each landed file is written in its own transaction, which records `message.received`. */
  events: EventPort;
  log: FastifyBaseLogger;
};

/** Twilio's media behind the account's Basic auth, from Twilio's hosts only (see `media-fetch.ts`). */
const fetchMedia = (deps: MediaFetchDeps, url: string) =>
  fetchTwilioMedia(url, {
    apiUrl: deps.twilioApiUrl,
    authorization: deps.twilio
      ? `Basic ${Buffer.from(`${deps.twilio.accountSid}:${deps.twilio.authToken}`).toString('base64')}`
      : undefined,
    maxBytes: MAX_MEDIA_BYTES,
    timeoutMs: FETCH_TIMEOUT_MS,
  });

const land = async (
  deps: MediaFetchDeps,
  item: PendingMedia,
  lastTry: boolean,
): Promise<Landed> => {
  try {
    const { bytes, contentType } = await fetchMedia(deps, item.url);
    const attachment = await storeInboundImage(deps.storage, bytes, `photo-${item.index + 1}`);
    if (attachment) return { kind: 'image', attachment };
    // Twilio gives no file name: one is made from the type it names (the bytes decide the rest).
    const claimed = (contentType ?? item.contentType ?? '').replace(/;.*$/, '').trim();
    const file = await storeInboundFile(
      deps.storage,
      bytes,
      `file-${item.index + 1}${CLAIMED_EXTENSIONS[claimed.toLowerCase()] ?? ''}`,
    );
    return { kind: 'other', file };
  } catch (error) {
    if (error instanceof MediaRefusedError || lastTry)
      return { kind: 'failed', reason: (error as Error).message };
    throw error;
  }
};

type Stored = { attachments: Attachment[]; data: Record<string, unknown> };

const listOf = (value: unknown) => (Array.isArray(value) ? (value as unknown[]) : []);

/**
 * The message with one pending file settled: an image joins the attachments; any other file joins
 * `data.otherAttachments` (offered for download). Undefined when another run settled it already.
 */
const settle = (row: Stored, item: PendingMedia, landed: Landed): Stored | undefined => {
  const pending = pendingListSchema.parse(row.data.pendingMedia);
  if (!pending.some((media) => media.index === item.index)) return undefined;
  const { pendingMedia: _settled, ...data } = row.data;
  const rest = pending.filter((media) => media.index !== item.index);
  if (rest.length > 0) data.pendingMedia = rest;
  const note = { contentType: item.contentType, url: item.url };
  switch (landed.kind) {
    case 'image':
      return { attachments: [...row.attachments, landed.attachment], data };
    case 'other':
      data.otherAttachments = [...listOf(data.otherAttachments), landed.file];
      return { attachments: row.attachments, data };
    case 'failed':
      data.failedMedia = [...listOf(data.failedMedia), { ...note, reason: landed.reason }];
      return { attachments: row.attachments, data };
  }
};

/** Row locked while it changes: two files landing at once must not overwrite each other. */
const record = (
  events: EventPort,
  job: InboundMediaJob,
  item: PendingMedia,
  landed: Landed,
): Promise<void> =>
  events.transaction(async ({ db, record: recordEvent }) => {
    if (job.target === 'event') {
      const [row] = await db
        .select()
        .from(conversationEvents)
        .where(eq(conversationEvents.id, job.id))
        .for('update');
      const next = row && settle(row, item, landed);
      if (!next) return;
      await setEventFiles(db, job.id, next);
      // Its stored copy changed: consoles fetch it again and show the file.
      recordEvent(
        domainEvent('message.received', {
          companyId: row.companyId,
          leadId: row.leadId,
          timelineEventId: row.id,
          channel: 'SMS',
        }),
      );
      return;
    }
    const [row] = await db
      .select()
      .from(unmatchedMessages)
      .where(eq(unmatchedMessages.id, job.id))
      .for('update');
    const next = row && settle(row, item, landed);
    if (next) await setUnmatchedFiles(db, job.id, next);
  });

const pendingOf = async (database: Database, job: InboundMediaJob) => {
  const table = job.target === 'event' ? conversationEvents : unmatchedMessages;
  const [row] = await database.db
    .select({ data: table.data })
    .from(table)
    .where(eq(table.id, job.id));
  return pendingListSchema.parse(row?.data.pendingMedia).sort((a, b) => a.index - b.index);
};

/**
 * Fetches a message's files in order, recording each as it lands, so a retry fetches only what is
 * left and the attachments keep the order the lead sent them in. A failure leaves the rest pending
 * and hands the job back to the queue; the last try records what still fails instead.
 */
export const fetchInboundMedia = async (
  deps: MediaFetchDeps,
  job: PgBoss.JobWithMetadata<InboundMediaJob>,
) => {
  const lastTry = job.retryCount >= job.retryLimit;
  try {
    for (const item of await pendingOf(deps.database, job.data)) {
      const landed = await land(deps, item, lastTry);
      await record(deps.events, job.data, item, landed);
    }
  } catch (error) {
    deps.log.warn({ err: error, job: job.data, retry: job.retryCount }, 'MMS media fetch failed');
    throw error;
  }
};

/** Creates the queue and its workers (two, so one slow download does not hold up every MMS). */
export const startInboundMediaWorkers = async (queue: PgBoss, deps: MediaFetchDeps) => {
  await queue.createQueue(INBOUND_SMS_MEDIA_QUEUE);
  for (let i = 0; i < 2; i += 1) {
    await queue.work<InboundMediaJob>(
      INBOUND_SMS_MEDIA_QUEUE,
      { includeMetadata: true, pollingIntervalSeconds: 0.5, batchSize: 1 },
      async (jobs) => {
        for (const job of jobs) await fetchInboundMedia(deps, job);
      },
    );
  }
};
