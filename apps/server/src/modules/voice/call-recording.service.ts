import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { forbidden, HttpError, notFound } from '../../lib/errors.js';
import type { Principal } from '../../lib/principal.js';
import { getCompanyLead } from '../lead/index.js';
import { findCallById } from './voice.repository.js';

export type RecordingDeps = {
  db: Db;
  /** The account the SMS provider uses; unset in the sandbox, where nothing is recorded. */
  twilio: AppConfig['messaging']['twilio'];
  /** TWILIO_API_URL (a loopback double in tests). */
  apiUrl: string;
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

/**
 * The recording of one of the company's calls, as Twilio answers it (`<Recording>.mp3`). The URL
 * is built from the recording's id under the configured account, never taken from a callback, so
 * nothing else can be fetched with the account's credentials.
 */
export const fetchCallRecording = async (
  deps: RecordingDeps,
  principal: Pick<Principal, 'companyId'>,
  callId: string,
  { range }: { range: string | undefined },
): Promise<{ status: number; headers: Headers; body: ReadableStream<Uint8Array> }> => {
  const call = await findCallById(deps.db, callId);
  if (!call) throw notFound('Call');
  if (call.companyId !== principal.companyId) throw forbidden();
  await getCompanyLead(deps.db, principal.companyId, call.leadId);
  if (!call.recordingSid) throw new HttpError('NOT_FOUND', 'This call has no recording.');
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
  return { status: response.status, headers: response.headers, body: response.body };
};
