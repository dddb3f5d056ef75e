import { apiPaths } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';

/**
 * A call's voicemail as audio. The server streams it from Twilio to staff only, so it is fetched
 * with the session's token (an `<audio src>` could not send it) and played from the blob.
 */
export async function getCallRecording(callId: string, signal?: AbortSignal): Promise<Blob> {
  const { blob } = await apiDownload(apiPaths.callRecording(callId), {
    accept: 'audio/mpeg, audio/*',
    signal,
  });
  return blob;
}

export const getCallRecordingQueryOptions = (callId: string) =>
  queryOptions({
    queryKey: ['call-recording', callId],
    queryFn: ({ signal }) => getCallRecording(callId, signal),
    // A recording never changes once Twilio has it.
    staleTime: Infinity,
    // 'Play recording' is pressed again rather than waiting through retries of a missing file.
    retry: false,
  });

/** Loaded only once the reader asks to play it (`enabled`). */
export const useCallRecording = (callId: string, { enabled }: { enabled: boolean }) =>
  useQuery({ ...getCallRecordingQueryOptions(callId), enabled });
