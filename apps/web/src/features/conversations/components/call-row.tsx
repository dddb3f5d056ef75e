import type { ConversationEvent } from '@leasing/contract';
import { ThemeIcon } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import { formatTime } from '../../../lib/format-date';
import { formatDuration } from '../utils/format-duration';
import classes from './timeline.module.css';

export type CallRowProps = {
  event: ConversationEvent;
  onOpenTranscript: (event: ConversationEvent) => void;
};

export function callPartyName(event: ConversationEvent): string {
  return event.senderName ?? 'the lead';
}

/** A phone call as one compact row; it opens the call's transcript. */
export function CallRow({ event, onOpenTranscript }: CallRowProps) {
  const { durationSeconds } = event.data;
  return (
    <div className={classes.systemRow}>
      <button
        type="button"
        className={`${classes.systemEvent} ${classes.callButton}`}
        onClick={() => onOpenTranscript(event)}
        aria-haspopup="dialog"
      >
        <ThemeIcon size={26} radius="xl" variant="light" color="indigo" aria-hidden>
          <IconPhone size={15} stroke={1.75} />
        </ThemeIcon>
        <span>
          <span className={classes.systemTitle}>Call with {callPartyName(event)}</span>
          {durationSeconds !== undefined && <span> · {formatDuration(durationSeconds)}</span>}
          <br />
          <time dateTime={event.date}>{formatTime(event.date)}</time>
          {' · View transcript'}
        </span>
      </button>
    </div>
  );
}
