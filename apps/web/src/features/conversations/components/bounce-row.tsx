import type { ConversationEvent } from '@leasing/contract';
import { ThemeIcon } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import { formatTime } from '../../../lib/format-date';
import { describeBounce } from '../utils/inbound-facts';
import type { Bounce } from '../utils/inbound-facts';
import classes from './timeline.module.css';

export type BounceRowProps = {
  event: ConversationEvent;
  bounce: Bounce;
};

/**
 * A mail server's report that our email did not reach the lead: a system row, not a message from
 * anyone. The email itself shows 'Failed' with the same reason.
 */
export function BounceRow({ event, bounce }: BounceRowProps) {
  return (
    <div className={classes.systemRow}>
      <div className={`${classes.systemEvent} ${classes.bounce}`}>
        <ThemeIcon size={26} radius="xl" variant="light" color="red" aria-hidden>
          <IconMailOff size={15} stroke={1.75} />
        </ThemeIcon>
        <div>
          <div className={classes.systemTitle}>{describeBounce(bounce)}</div>
          <div>
            <time dateTime={event.date}>{formatTime(event.date)}</time>
            {event.senderName && ` · ${event.senderName}`}
          </div>
        </div>
      </div>
    </div>
  );
}
