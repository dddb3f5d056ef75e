import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { CallRow } from '../../db/schema/index.js';
import { domainEvent } from '../../events/domain-events.js';
import type { EventPort } from '../../events/event-port.js';
import type { Clock } from '../../lib/clock.js';
import { replaceEventData } from '../conversation/index.js';
import type { MediaStorage } from '../messaging/index.js';
import { twilioRecordingRequest } from './call-recording.service.js';
import { callEventDataOf } from './call-state.js';
import { callSettingsOf } from './voice-settings.service.js';
import {
  callsWithRecordingsBefore,
  companiesWithRecordings,
  lockCall,
  updateCall,
} from './voice.repository.js';

export type RetentionDeps = {
  db: Db;
  events: EventPort;
  now: Clock;
  /** The account the recordings are kept under; unset in the sandbox (nothing recorded there). */
  twilio: AppConfig['messaging']['twilio'];
  /** TWILIO_API_URL (a loopback double in tests). */
  apiUrl: string;
  /** The private recordings storage, which holds our copy of each recording. */
  recordings: MediaStorage;
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** Recordings deleted per company and sweep; the next sweep goes on. */
const BATCH = 100;
const DELETE_TIMEOUT_MS = 15_000;

/** Deletes the recording at Twilio; true once it is gone there (404: gone already). */
const deleteAtTwilio = async (deps: RetentionDeps, recordingSid: string) => {
  if (!deps.twilio) return true;
  const { url, authorization } = twilioRecordingRequest(
    deps.twilio,
    deps.apiUrl,
    recordingSid,
    'json',
  );
  const response = await fetch(url, {
    method: 'DELETE',
    headers: { authorization },
    signal: AbortSignal.timeout(DELETE_TIMEOUT_MS),
  }).catch(() => undefined);
  await response?.body?.cancel();
  return response?.status === 204 || response?.status === 404;
};

/**
 * One call's recording past its company's retention: deleted at Twilio and our copy in the
 * recordings storage, then dropped from the call and its CALL event (consoles hear of it), audited
 * as the system's (`call.recording_deleted`). Twilio or the storage not answering leaves it for
 * the next sweep.
 */
const deleteRecordingOf = async (deps: RetentionDeps, call: CallRow, retentionDays: number) => {
  if (!(await deleteAtTwilio(deps, call.recordingSid!))) return false;
  const storageDeleted = call.recordingKey
    ? await deps.recordings.delete(call.recordingKey).then(
        () => true,
        () => false,
      )
    : true;
  if (!storageDeleted) return false;
  const copiedMeanwhile = await deps.events.transaction(async (scope) => {
    const locked = await lockCall(scope.db, { id: call.id });
    if (!locked?.recordingSid) return null;
    const cleared = await updateCall(scope.db, locked.id, {
      recordingSid: null,
      recordingUrl: null,
      recordingSeconds: null,
      recordingKey: null,
    });
    await replaceEventData(scope.db, cleared.timelineEventId, callEventDataOf(cleared));
    scope.record(
      domainEvent('call.updated', {
        companyId: cleared.companyId,
        leadId: cleared.leadId,
        timelineEventId: cleared.timelineEventId,
        callId: cleared.id,
        direction: cleared.direction,
        outcome: cleared.outcome,
        previousOutcome: locked.outcome,
      }),
      domainEvent('call.recording_deleted', {
        companyId: cleared.companyId,
        leadId: cleared.leadId,
        callId: cleared.id,
        timelineEventId: cleared.timelineEventId,
        startedAt: cleared.startedAt.toISOString(),
        retentionDays,
        actor: { kind: 'system' },
      }),
    );
    return locked.recordingKey !== call.recordingKey ? locked.recordingKey : null;
  });
  // The copy job stored its copy after this sweep read the call: that one goes too.
  if (copiedMeanwhile) await deps.recordings.delete(copiedMeanwhile);
  return true;
};

/**
 * The retention sweep: every recording (a voicemail, a recorded call) older than its company's
 * retention period is deleted. Answers how many were deleted.
 */
export const deleteExpiredRecordings = async (deps: RetentionDeps): Promise<number> => {
  let deleted = 0;
  for (const { companyId } of await companiesWithRecordings(deps.db)) {
    const { recordingRetentionDays } = await callSettingsOf(deps.db, companyId);
    const before = new Date(deps.now().getTime() - recordingRetentionDays * DAY_MS);
    for (const call of await callsWithRecordingsBefore(deps.db, companyId, before, BATCH)) {
      if (await deleteRecordingOf(deps, call, recordingRetentionDays)) deleted += 1;
    }
  }
  return deleted;
};
