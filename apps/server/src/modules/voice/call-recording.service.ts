import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { forbidden, HttpError, notFound } from '../../lib/errors.js';
import type { Principal } from '../../lib/principal.js';
import { getCompanyLead } from '../lead/index.js';
import type { MediaStorage } from '../messaging/index.js';
import { findCallById } from './voice.repository.js';

export type RecordingDeps = {
  db: Db;
  /** The account the SMS provider uses; unset in the sandbox, where nothing is recorded. */
  twilio: AppConfig['messaging']['twilio'];
  /** TWILIO_API_URL (a loopback double in tests). */
  apiUrl: string;
  /** The private recordings storage, where the copy job keeps each recording. */
  recordings: MediaStorage;
};

const FETCH_TIMEOUT_MS = 15_000;

/**
 * A recording's resource at Twilio under the configured account (`.mp3` its audio, `.json` the
 * resource to delete), with that account's Basic authorization.
 */
export const twilioRecordingRequest = (
  twilio: NonNullable<RecordingDeps['twilio']>,
  apiUrl: string,
  recordingSid: string,
  extension: 'mp3' | 'json',
) => ({
  url: `${apiUrl}/2010-04-01/Accounts/${twilio.accountSid}/Recordings/${encodeURIComponent(recordingSid)}.${extension}`,
  authorization: `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`,
});

/** A recording's answer to the browser's player: status, headers to pass on, and the audio. */
export type RecordingAnswer = {
  status: number;
  headers: Record<string, string>;
  body: Readable;
};

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` of a file of `size` bytes; null when it asks for none. */
export const byteRange = (range: string, size: number): { start: number; end: number } | null => {
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [first, last] = [match[1]!, match[2]!];
  if (first === '') {
    const suffix = Number(last);
    return suffix > 0 && size > 0 ? { start: Math.max(0, size - suffix), end: size - 1 } : null;
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return start < size && start <= end ? { start, end } : null;
};

/** Our copy of the recording (the copy job made it), with the player's range. */
const fromOurCopy = (bytes: Buffer, range: string | undefined): RecordingAnswer => {
  const base = { 'content-type': 'audio/mpeg', 'accept-ranges': 'bytes' };
  if (!range) {
    return {
      status: 200,
      headers: { ...base, 'content-length': String(bytes.length) },
      body: Readable.from([bytes]),
    };
  }
  const wanted = byteRange(range, bytes.length);
  if (!wanted) {
    return {
      status: 416,
      headers: { ...base, 'content-range': `bytes */${bytes.length}` },
      body: Readable.from([]),
    };
  }
  const part = bytes.subarray(wanted.start, wanted.end + 1);
  return {
    status: 206,
    headers: {
      ...base,
      'content-length': String(part.length),
      'content-range': `bytes ${wanted.start}-${wanted.end}/${bytes.length}`,
    },
    body: Readable.from([part]),
  };
};

/** Headers of Twilio's answer the browser's player needs (type, length, seeking). */
const PASSED_HEADERS = ['content-type', 'content-length', 'content-range', 'accept-ranges'];

/**
 * The recording of one of the company's calls: our copy when the copy job has made it, else as
 * Twilio answers it (`<Recording>.mp3`). Twilio's URL is built from the recording's id under the
 * configured account, never taken from a callback, so nothing else can be fetched with the
 * account's credentials.
 */
export const fetchCallRecording = async (
  deps: RecordingDeps,
  principal: Pick<Principal, 'companyId'>,
  callId: string,
  { range }: { range: string | undefined },
): Promise<RecordingAnswer> => {
  const call = await findCallById(deps.db, callId);
  if (!call) throw notFound('Call');
  if (call.companyId !== principal.companyId) throw forbidden();
  await getCompanyLead(deps.db, principal.companyId, call.leadId);
  if (!call.recordingSid) throw new HttpError('NOT_FOUND', 'This call has no recording.');
  const copy = call.recordingKey ? await deps.recordings.get(call.recordingKey) : null;
  if (copy) return fromOurCopy(copy, range);
  if (!deps.twilio) {
    throw new HttpError(
      'NOT_FOUND',
      'The recording is not stored here: without Twilio credentials, calls are not recorded.',
    );
  }
  const { url, authorization } = twilioRecordingRequest(
    deps.twilio,
    deps.apiUrl,
    call.recordingSid,
    'mp3',
  );
  const response = await fetch(url, {
    headers: { authorization, ...(range ? { range } : {}) },
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  }).catch(() => undefined);
  if (response?.status === 404)
    throw new HttpError('NOT_FOUND', 'Twilio no longer has this recording.');
  if (!response?.ok || !response.body) {
    await response?.body?.cancel();
    throw new HttpError(
      'RECORDING_UNAVAILABLE',
      'The recording could not be fetched from Twilio. Try again in a moment.',
    );
  }
  const headers: Record<string, string> = {};
  for (const name of PASSED_HEADERS) {
    const value = response.headers.get(name);
    if (value) headers[name] = value;
  }
  return {
    status: response.status,
    headers,
    body: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
  };
};
