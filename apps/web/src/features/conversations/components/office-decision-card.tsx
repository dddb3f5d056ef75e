import type { ConversationEvent, OfficeDecisionStatus } from '@leasing/contract';
import { Badge, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconFlag } from '@tabler/icons-react';
import { formatTime } from '../../../lib/format-date';
import { isDecisionCompletion } from '../utils/build-timeline';
import classes from './timeline.module.css';

export type OfficeDecisionCardProps = {
  event: ConversationEvent;
  /** The lead's decision state, given only to the newest decision request. */
  status: OfficeDecisionStatus | null;
};

/** An escalation to the office, or the record that someone completed it. */
export function OfficeDecisionCard({ event, status }: OfficeDecisionCardProps) {
  if (isDecisionCompletion(event)) {
    return (
      <div className={classes.systemRow}>
        <div className={classes.systemEvent}>
          <ThemeIcon size={26} radius="xl" variant="light" color="teal" aria-hidden>
            <IconCircleCheck size={15} stroke={1.75} />
          </ThemeIcon>
          <div>
            <div className={classes.systemTitle}>
              {event.body ?? 'Decision marked as completed'}
              {event.eventByUserName && ` by ${event.eventByUserName}`}
            </div>
            {typeof event.data.outcome === 'string' && event.data.outcome && (
              <div className={classes.text}>Outcome: {event.data.outcome}</div>
            )}
            <time dateTime={event.date}>{formatTime(event.date)}</time>
          </div>
        </div>
      </div>
    );
  }

  const isDone = status === 'COMPLETED';
  return (
    <div className={`${classes.decision} ${isDone ? classes.decisionDone : ''}`}>
      <ThemeIcon
        size={30}
        radius="xl"
        variant="light"
        color={isDone ? 'teal' : 'orange'}
        aria-hidden
      >
        <IconFlag size={17} stroke={1.75} />
      </ThemeIcon>
      <div style={{ flex: 1, minWidth: 0 }}>
        <div className={classes.messageMeta} style={{ justifyContent: 'space-between' }}>
          <span className={classes.senderName}>Office decision needed</span>
          {status && (
            <Badge
              size="sm"
              variant="light"
              color={isDone ? 'teal' : 'orange'}
              leftSection={isDone ? <IconCircleCheck size={12} /> : undefined}
            >
              {isDone ? 'Completed' : 'Open'}
            </Badge>
          )}
        </div>
        {event.body && <div className={classes.text}>{event.body}</div>}
        <div className={classes.messageMeta} style={{ marginTop: 4 }}>
          {event.senderName && <span>{event.senderName}</span>}
          {event.senderName && <span aria-hidden>·</span>}
          <time dateTime={event.date}>{formatTime(event.date)}</time>
          {event.eventByUserName && <span>· by {event.eventByUserName}</span>}
        </div>
      </div>
    </div>
  );
}
