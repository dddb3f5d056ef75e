import { Anchor, Button, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { useCallRecording } from '../api/get-call-recording';
import classes from './timeline.module.css';

const UNAVAILABLE_MESSAGE = 'The recording is not available.';

/** Gone (404) or not handed over by Twilio: the same words for both. */
const isUnavailable = (error: unknown) =>
  error instanceof ApiRequestError &&
  (error.status === 404 || error.code === 'RECORDING_UNAVAILABLE');

export type CallRecordingPlayerProps = {
  callId: string;
  /** The audio element's name, e.g. 'Voicemail from (512) 555-0142'. */
  label: string;
};

/**
 * A call's recording, loaded only when asked for ('Play recording'), then played by the browser's
 * own player from an object URL. The URL holds the audio in memory until revoked, so it lives
 * exactly as long as the `<audio>` element (a ref with a cleanup).
 */
export function CallRecordingPlayer({ callId, label }: CallRecordingPlayerProps) {
  const [requested, setRequested] = useState(false);
  const recording = useCallRecording(callId, { enabled: requested });
  const audio = recording.data;

  const showRecording = useCallback(
    (element: HTMLAudioElement | null) => {
      if (!element || !audio) return;
      const url = URL.createObjectURL(audio);
      element.src = url;
      // The button that asked for it is gone: the player takes its place, and the focus.
      element.focus();
      return () => URL.revokeObjectURL(url);
    },
    [audio],
  );

  if (requested && audio) {
    return (
      <audio
        ref={showRecording}
        className={classes.callAudio}
        controls
        autoPlay
        preload="auto"
        aria-label={label}
      />
    );
  }

  if (requested && recording.isError) {
    const { error } = recording;
    // A recording that does not exist will not by asking again; one Twilio held back may.
    const isGone = error instanceof ApiRequestError && error.status === 404;
    return (
      <Text size="xs" c="red.8" role="alert" className={classes.callProblem}>
        {isUnavailable(error) ? UNAVAILABLE_MESSAGE : error.message}
        {!isGone && (
          <>
            {' '}
            <Anchor
              component="button"
              type="button"
              size="xs"
              onClick={() => void recording.refetch()}
            >
              Try again
            </Anchor>
          </>
        )}
      </Text>
    );
  }

  return (
    <Button
      className={classes.callAction}
      size="compact-sm"
      variant="light"
      leftSection={<IconPlayerPlay size={14} stroke={1.75} aria-hidden />}
      loading={requested && recording.isFetching}
      onClick={() => setRequested(true)}
    >
      Play recording
    </Button>
  );
}
