import type { ConversationEvent, ScheduleUpdate } from '@leasing/contract';
import { Button } from '@mantine/core';
import {
  IconClockPause,
  IconClockShare,
  IconClockX,
  IconPencil,
  IconSend2,
} from '@tabler/icons-react';
import { useState } from 'react';
import { formatTime, formatWeekdayDateTime, getDayKey } from '../../../lib/format-date';
import { formatZoned } from '../../../lib/format-zoned';
import { describeSendTime } from '../../../lib/send-later-time';
import { EditScheduledDialog } from './edit-scheduled-dialog';
import classes from './timeline.module.css';

/** What the pane may do with a scheduled message ('Send later'), and the lead's zone. */
export type ScheduledMessageActions = {
  leadZone: string;
  onEdit: (event: ConversationEvent, change: ScheduleUpdate) => Promise<unknown>;
  onCancel: (event: ConversationEvent) => void;
  onSendNow: (event: ConversationEvent) => void;
  /** The message whose change is being asked for. */
  pendingId: string | null;
};

/** A time on the lead's clock: just the time today, else with its day; the zone when not yours. */
function leadTime(at: string, leadZone: string) {
  const isToday =
    getDayKey(at, { timeZone: leadZone }) === getDayKey(new Date(), { timeZone: leadZone });
  return formatZoned(at, leadZone, { layout: isToday ? formatTime : formatWeekdayDateTime });
}

/** Whether the bubble has something to say about scheduling. */
export function hasScheduleNote(event: ConversationEvent) {
  return (
    event.sendingStatus === 'SCHEDULED' ||
    event.sendingStatus === 'CANCELED' ||
    event.data.sentLateFrom !== undefined
  );
}

export type ScheduledMessageNoteProps = {
  event: ConversationEvent;
  actions?: ScheduledMessageActions;
  /** Without actions (a secure-access link), times are said in the viewer's zone. */
  fallbackZone: string;
};

/**
 * Under a scheduled message: when it leaves (for the lead and for you), a hold for quiet hours,
 * and 'Edit', 'Cancel', 'Send now'; under one that will never leave, why; under one that left
 * late, that the server was unavailable at its time.
 */
export function ScheduledMessageNote({ event, actions, fallbackZone }: ScheduledMessageNoteProps) {
  const [editing, setEditing] = useState(false);
  const zone = actions?.leadZone ?? fallbackZone;
  const isBusy = actions?.pendingId === event._id;
  const { heldUntil, sentLateFrom, canceledReason, canceledByUserName, keepIfLeadReplies } =
    event.data;

  if (event.sendingStatus === 'CANCELED') {
    return (
      <span className={classes.messageNote}>
        <IconClockX size={13} stroke={1.75} aria-hidden />
        {canceledReason === 'LEAD_REPLIED'
          ? 'Not sent: the lead replied first'
          : canceledReason === 'SENDER_DEACTIVATED'
            ? 'Not sent: the person who scheduled it was deactivated'
            : canceledReason === 'TOUR_CHANGED'
              ? 'Not sent: the tour was moved or cancelled'
              : canceledReason === 'TOO_LATE'
                ? "Not sent: the lead's quiet hours lasted past the tour"
                : `Cancelled${canceledByUserName ? ` by ${canceledByUserName}` : ''}`}
      </span>
    );
  }
  if (event.sendingStatus !== 'SCHEDULED') {
    return sentLateFrom ? (
      <span className={classes.messageNote}>
        <IconClockPause size={13} stroke={1.75} aria-hidden />
        Sent late: the server was unavailable at {leadTime(sentLateFrom, zone)}
      </span>
    ) : null;
  }

  async function handleSave(change: ScheduleUpdate) {
    if (!actions) return;
    await actions.onEdit(event, change);
    setEditing(false);
  }

  return (
    <div className={classes.scheduleNote} role="group" aria-label="Scheduled message">
      <span className={classes.messageNote}>
        <IconClockShare size={13} stroke={1.75} aria-hidden />
        <span>
          {event.scheduledAt
            ? `Scheduled: ${describeSendTime(event.scheduledAt, zone)}`
            : 'Scheduled'}
        </span>
      </span>
      {heldUntil && (
        <span className={classes.messageNote}>
          <IconClockPause size={13} stroke={1.75} aria-hidden />
          Held for quiet hours — sends at {leadTime(heldUntil, zone)}
        </span>
      )}
      {keepIfLeadReplies && (
        <span className={classes.messageNote}>Sends even if the lead replies first</span>
      )}
      {actions && (
        <div className={classes.failureButtons}>
          <Button
            size="compact-xs"
            variant="default"
            leftSection={<IconPencil size={13} stroke={1.75} aria-hidden />}
            onClick={() => setEditing(true)}
          >
            Edit
          </Button>
          <Button
            size="compact-xs"
            variant="default"
            color="red"
            leftSection={<IconClockX size={13} stroke={1.75} aria-hidden />}
            onClick={() => actions.onCancel(event)}
          >
            Cancel
          </Button>
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconSend2 size={13} stroke={1.75} aria-hidden />}
            loading={isBusy}
            onClick={() => actions.onSendNow(event)}
          >
            Send now
          </Button>
        </div>
      )}
      {actions && editing && (
        <EditScheduledDialog
          event={event}
          leadZone={zone}
          opened={editing}
          isSaving={isBusy}
          onClose={() => setEditing(false)}
          onSave={(change) => void handleSave(change).catch(() => undefined)}
        />
      )}
    </div>
  );
}
