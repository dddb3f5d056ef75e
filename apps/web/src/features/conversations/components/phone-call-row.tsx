import type { CallEventData, ConversationEvent } from '@leasing/contract';
import { Anchor, ThemeIcon } from '@mantine/core';
import {
  IconPhoneCall,
  IconPhoneIncoming,
  IconPhoneOff,
  IconPhoneOutgoing,
  IconPhoneX,
  IconRecordMail,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { useContext, useId, useState } from 'react';
import { formatTime } from '../../../lib/format-date';
import { describeCall, recordingLabel } from '../utils/describe-call';
import type { CallTone } from '../utils/describe-call';
import { splitMatches } from '../utils/split-matches';
import { CallRecordingPlayer } from './call-recording-player';
import { speakerLabel } from './call-transcript-dialog';
import { HighlightedText, SearchWordsContext } from './search-highlight';
import classes from './timeline.module.css';

const toneLook: Record<CallTone, { color: string; icon: Icon | null }> = {
  ringing: { color: 'indigo', icon: IconPhoneCall },
  // By direction: which way the call went.
  answered: { color: 'indigo', icon: null },
  voicemail: { color: 'grape', icon: IconRecordMail },
  missed: { color: 'red', icon: IconPhoneX },
  failed: { color: 'red', icon: IconPhoneOff },
};

export type PhoneCallRowProps = {
  event: ConversationEvent;
  call: CallEventData;
};

/**
 * A call through the property's number: what happened to it ('Missed call from …', 'Voicemail ·
 * 0:42'), its voicemail to play and its transcript to read, in the row. The server replaces the
 * event's `data` as Twilio reports on the call, and the live update brings the new version here.
 */
export function PhoneCallRow({ event, call }: PhoneCallRowProps) {
  const { tone, title, detail } = describeCall(call, event.eventByUserName);
  const look = toneLook[tone];
  const CallIcon =
    look.icon ?? (call.direction === 'inbound' ? IconPhoneIncoming : IconPhoneOutgoing);
  const transcript = call.transcript ?? [];
  return (
    <div className={classes.systemRow}>
      <div className={classes.systemEvent} data-call-tone={tone}>
        <ThemeIcon size={26} radius="xl" variant="light" color={look.color} aria-hidden>
          <CallIcon size={15} stroke={1.75} />
        </ThemeIcon>
        <div className={classes.callBody}>
          <div className={classes.systemTitle}>{title}</div>
          <div>
            {detail && `${detail} · `}
            <time dateTime={event.date}>{formatTime(event.date)}</time>
          </div>
          {call.recording && (
            <CallRecordingPlayer callId={call.callId} label={recordingLabel(call)} />
          )}
          {transcript.length > 0 && <CallTranscript event={event} lines={transcript} />}
        </div>
      </div>
    </div>
  );
}

type CallTranscriptProps = {
  event: ConversationEvent;
  lines: NonNullable<CallEventData['transcript']>;
};

/**
 * The transcript under 'Show transcript'. A conversation search that finds its words opens it, so
 * the match the search points at is on screen.
 */
function CallTranscript({ event, lines }: CallTranscriptProps) {
  const [chosen, setChosen] = useState<boolean | null>(null);
  const words = useContext(SearchWordsContext);
  const listId = useId();
  const isSearchHit = lines.some((line) => splitMatches(line.text, words).some((p) => p.match));
  const isOpen = chosen ?? isSearchHit;
  return (
    <>
      <Anchor
        component="button"
        type="button"
        size="xs"
        className={classes.callAction}
        aria-expanded={isOpen}
        aria-controls={isOpen ? listId : undefined}
        onClick={() => setChosen(!isOpen)}
      >
        {isOpen ? 'Hide transcript' : 'Show transcript'}
      </Anchor>
      {isOpen && (
        <ol id={listId} className={classes.callTranscript}>
          {lines.map((line, index) => (
            <li key={index}>
              <span className={classes.callSpeaker}>{speakerLabel(line.speaker, event)}:</span>{' '}
              <HighlightedText text={line.text} />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
