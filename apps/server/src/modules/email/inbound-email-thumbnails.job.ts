import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Attachment, FileAttachment } from '@leasing/contract';
import type { Database, SqlExecutor } from '../../db/client.js';
import type { ConversationEventRow } from '../../db/schema/index.js';
import { domainEvent } from '../../events/domain-events.js';
import type { EventPort } from '../../events/event-port.js';
import { storeInboundImage } from '../messaging/index.js';
import type { MediaStorage } from '../messaging/index.js';
import { setEventFiles } from '../conversation/index.js';
import { findPendingThumbnails, lockEvent } from './inbound-email.repository.js';

export const INBOUND_EMAIL_THUMBNAILS_QUEUE = 'inbound-email-thumbnails';

/**
 * Images of one email that get a thumbnail; any more are kept as files only, so one message
 * cannot ask for unbounded decoding.
 */
export const MAX_THUMBNAILS_PER_EMAIL = 20;

/** The email (a timeline event) whose `data.pendingThumbnails` the job works through. */
export type InboundThumbnailsJob = { eventId: string };

/**
 * An attachment that looks like an image (by its signature), kept for now as a file to download
 * (`data.otherAttachments`, at `url`) until its thumbnail is made: in `data.pendingThumbnails`.
 */
export const pendingThumbnailSchema = z.object({
  url: z.string(),
  fileName: z.string(),
  /** The HTML's `cid:` name of the image, when it has one. */
  contentId: z.string().optional(),
});
export type PendingThumbnail = z.infer<typeof pendingThumbnailSchema>;
const pendingListSchema = z.array(pendingThumbnailSchema).catch([]);

/** A few retries for a storage hiccup; decoding itself fails the same way every time. */
const jobOptions = { retryLimit: 3, retryDelay: 2, retryBackoff: true, expireInSeconds: 300 };

/** Queued in the email's own transaction (`sql`): the email never waits for a job that is lost. */
export const enqueueInboundThumbnails = (queue: PgBoss, sql: SqlExecutor, eventId: string) =>
  queue.send(INBOUND_EMAIL_THUMBNAILS_QUEUE, { eventId }, { ...jobOptions, db: sql });

export type ThumbnailDeps = {
  database: Database;
  storage: MediaStorage;
  /** The email changes in one transaction, which records `message.received` (consoles refetch). */
  events: EventPort;
  log: FastifyBaseLogger;
};

type Made = { pending: PendingThumbnail; image: Attachment | undefined };

const listOf = <T>(value: unknown) => (Array.isArray(value) ? (value as T[]) : []);

/** `/media/<key>.bin` → the stored object's key. */
const keyOf = (url: string) => url.replace(/^\/media\//, '');

/**
 * One image's thumbnail: its header is read first, and one past the pixel cap, damaged, or of a
 * format we do not show stays the file it was stored as (undefined).
 */
const makeOne = async (
  deps: ThumbnailDeps,
  pending: PendingThumbnail,
  lastTry: boolean,
): Promise<Made> => {
  try {
    const bytes = await deps.storage.get(keyOf(pending.url));
    if (!bytes) return { pending, image: undefined };
    return { pending, image: await storeInboundImage(deps.storage, bytes, pending.fileName) };
  } catch (error) {
    // The last try keeps the file as it is rather than leave the image "loading" for ever.
    if (lastTry) return { pending, image: undefined };
    throw error;
  }
};

/**
 * The email with its pending images settled: each made one moves from the files to the images
 * (stored again under its image type; the download copy stays in storage, unreferenced).
 */
const settle = (row: ConversationEventRow, made: Made[]) => {
  const pending = pendingListSchema.parse(row.data.pendingThumbnails);
  const settled = made.filter((one) => pending.some((item) => item.url === one.pending.url));
  if (settled.length === 0) return undefined;
  const { pendingThumbnails: _done, ...data } = row.data;
  const rest = pending.filter((item) => !settled.some((one) => one.pending.url === item.url));
  if (rest.length > 0) data.pendingThumbnails = rest;
  const images = settled.flatMap((one) => (one.image ? [{ ...one, image: one.image }] : []));
  const moved = new Set(images.map((one) => one.pending.url));
  const files = listOf<FileAttachment>(data.otherAttachments).filter(
    (file) => !moved.has(file.url),
  );
  if (files.length > 0) data.otherAttachments = files;
  else delete data.otherAttachments;
  const inline = { ...(data.inlineImages as Record<string, string> | undefined) };
  for (const { pending: item, image } of images) {
    if (item.contentId) inline[item.contentId] = image.url;
  }
  if (Object.keys(inline).length > 0) data.inlineImages = inline;
  return { attachments: [...row.attachments, ...images.map((one) => one.image)], data };
};

/**
 * Makes the thumbnails of one email, one image at a time (a 40 MP image decoded is 160 MB of
 * pixels: one at a time bounds the memory a burst of mail can take), then records them together.
 */
export const makeInboundThumbnails = async (
  deps: ThumbnailDeps,
  job: InboundThumbnailsJob,
  lastTry = false,
) => {
  const made: Made[] = [];
  const pending = pendingListSchema.parse(
    await findPendingThumbnails(deps.database.db, job.eventId),
  );
  for (const item of pending) made.push(await makeOne(deps, item, lastTry));
  if (made.length === 0) return;
  await deps.events.transaction(async ({ db, record }) => {
    const row = await lockEvent(db, job.eventId);
    const next = row && settle(row, made);
    if (!row || !next) return;
    await setEventFiles(db, row.id, next);
    record(
      domainEvent('message.received', {
        companyId: row.companyId,
        leadId: row.leadId,
        timelineEventId: row.id,
        channel: 'EMAIL',
      }),
    );
  });
};

/**
 * Creates the queue and its one worker: thumbnails are made in the background, never in the SMTP
 * session, and one at a time.
 */
export const startInboundThumbnailWorker = async (queue: PgBoss, deps: ThumbnailDeps) => {
  await queue.createQueue(INBOUND_EMAIL_THUMBNAILS_QUEUE);
  await queue.work<InboundThumbnailsJob>(
    INBOUND_EMAIL_THUMBNAILS_QUEUE,
    { includeMetadata: true, pollingIntervalSeconds: 0.5, batchSize: 1 },
    async (jobs) => {
      for (const job of jobs) {
        try {
          await makeInboundThumbnails(deps, job.data, job.retryCount >= job.retryLimit);
        } catch (error) {
          deps.log.warn({ err: error, job: job.data }, 'inbound email thumbnails failed');
          throw error;
        }
      }
    },
  );
};
