import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { AppConfig } from '../../config.js';
import type { Database, SqlExecutor } from '../../db/client.js';
import type { MediaStorage } from '../messaging/index.js';
import { twilioRecordingRequest } from './call-recording.service.js';
import { findCallById, lockCall, updateCall } from './voice.repository.js';

export const CALL_RECORDING_COPY_QUEUE = 'call-recording-copy';

export type RecordingCopyJob = { callId: string };

/** A recorded call of several hours is still well under this; nothing past it is read. */
const MAX_RECORDING_BYTES = 200 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 120_000;
/**
 * Ten retries with exponential backoff from 5 s span over an hour: Twilio answers 404 for a moment
 * after the recording callback, and a longer outage still ends with the copy made.
 */
const jobOptions = { retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 };

/**
 * Queued in the transaction that stored the recording's id on the call: a call never holds a
 * recording without the job that copies it. One job per call (its singleton key), however many
 * callbacks name the recording.
 */
export const enqueueRecordingCopy = (queue: PgBoss, sql: SqlExecutor, callId: string) =>
  queue.send(CALL_RECORDING_COPY_QUEUE, { callId } satisfies RecordingCopyJob, {
    ...jobOptions,
    singletonKey: callId,
    db: sql,
  });

export type RecordingCopyDeps = {
  database: Database;
  /** The private recordings storage (`MessagingProviders.recordings`). */
  recordings: MediaStorage;
  twilio: AppConfig['messaging']['twilio'];
  apiUrl: string;
  log: FastifyBaseLogger;
};

/** The recording's audio from Twilio, under the configured account (never a URL a callback gave). */
const download = async (
  twilio: NonNullable<RecordingCopyDeps['twilio']>,
  apiUrl: string,
  recordingSid: string,
) => {
  const { url, authorization } = twilioRecordingRequest(twilio, apiUrl, recordingSid, 'mp3');
  const response = await fetch(url, {
    headers: { authorization },
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new Error(`Twilio answered ${response.status} for recording ${recordingSid}`);
  }
  const reader = response.body.getReader();
  const chunks: Buffer[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.length;
    if (size > MAX_RECORDING_BYTES) {
      await reader.cancel();
      throw new Error(`recording ${recordingSid} is larger than ${MAX_RECORDING_BYTES} bytes`);
    }
    chunks.push(Buffer.from(read.value));
  }
  return Buffer.concat(chunks, size);
};

/**
 * Copies a call's recording into our storage, so staff play it from there and it is deleted there
 * with the retention period. Idempotent: a call whose copy is made, or whose recording was deleted
 * meanwhile, is left as it is, and a copy that lost that race is deleted again.
 */
export const copyCallRecording = async (deps: RecordingCopyDeps, callId: string) => {
  const call = await findCallById(deps.database.db, callId);
  if (!call?.recordingSid || call.recordingKey || !deps.twilio) return;
  const bytes = await download(deps.twilio, deps.apiUrl, call.recordingSid);
  const copyKey = `${randomUUID()}.mp3`;
  await deps.recordings.put(copyKey, bytes);
  const kept = await deps.database.transaction(async ({ db }) => {
    const locked = await lockCall(db, { id: callId });
    if (!locked || locked.recordingSid !== call.recordingSid || locked.recordingKey) return false;
    await updateCall(db, callId, { recordingKey: copyKey });
    return true;
  });
  if (!kept) await deps.recordings.delete(copyKey);
};

/** Creates the queue and its worker. */
export const startRecordingCopyWorker = async (queue: PgBoss, deps: RecordingCopyDeps) => {
  await queue.createQueue(CALL_RECORDING_COPY_QUEUE);
  await queue.work<RecordingCopyJob>(
    CALL_RECORDING_COPY_QUEUE,
    { includeMetadata: true, pollingIntervalSeconds: 0.5, batchSize: 1 },
    async (jobs) => {
      for (const job of jobs) {
        try {
          await copyCallRecording(deps, job.data.callId);
        } catch (error) {
          deps.log.warn(
            { err: error, callId: job.data.callId, retry: job.retryCount },
            'call recording copy failed',
          );
          throw error;
        }
      }
    },
  );
};
