import type { Lead, QuietHoursError } from '@leasing/contract';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { useCancelScheduledMessage } from '../api/cancel-scheduled-message';
import { useEditScheduledMessage } from '../api/edit-scheduled-message';
import { useSendScheduledNow } from '../api/send-scheduled-now';
import type { ScheduledMessageActions } from '../components/scheduled-message-note';

/** 'Send now' of a scheduled message refused for the lead's quiet hours: that message, and why. */
export type SendNowQuietHours = { messageID: string; quietHours: QuietHoursError };

const showError = (title: string) => (error: Error) =>
  notifications.show({ color: 'red', title, message: error.message });

/**
 * Edit, cancel and 'Send now' of the lead's scheduled messages, each failure said in a toast.
 * 'Send now' outside the lead's allowed hours leaves a question (`sendNowQuietHours`) to answer
 * with `scheduleForAllowedHours` or `sendNowAnyway`.
 */
export function useScheduledMessageActions(
  lead: Pick<Lead, '_id' | 'propertyID' | 'pmsLeadId'>,
  leadZone: string,
) {
  const editScheduled = useEditScheduledMessage(lead);
  const cancelScheduled = useCancelScheduledMessage(lead);
  const sendScheduledNow = useSendScheduledNow(lead);
  const pendingScheduleId = editScheduled.isPending
    ? editScheduled.variables.messageID
    : cancelScheduled.isPending
      ? cancelScheduled.variables
      : sendScheduledNow.isPending
        ? sendScheduledNow.variables.messageID
        : null;
  const [sendNowQuietHours, setSendNowQuietHours] = useState<SendNowQuietHours | null>(null);
  const { mutateAsync: editAsync } = editScheduled;
  const { mutate: cancelMutate } = cancelScheduled;
  const { mutate: sendNowMutate } = sendScheduledNow;
  // Stable between changes: every timeline row gets it, and the rows are memoized.
  const actions = useMemo<ScheduledMessageActions>(
    () => ({
      leadZone,
      pendingId: pendingScheduleId,
      onEdit: (event, change) =>
        editAsync({ messageID: event._id, change }).catch((error: Error) => {
          showError('Could not change the scheduled message')(error);
          throw error;
        }),
      onCancel: (event) =>
        cancelMutate(event._id, { onError: showError('Could not cancel the scheduled message') }),
      onSendNow: (event) =>
        sendNowMutate(
          { messageID: event._id },
          {
            onError: (error) => {
              if (error instanceof ApiRequestError && error.quietHours) {
                setSendNowQuietHours({ messageID: event._id, quietHours: error.quietHours });
              } else {
                showError('Could not send the message now')(error);
              }
            },
          },
        ),
    }),
    [leadZone, pendingScheduleId, editAsync, cancelMutate, sendNowMutate],
  );

  function dismissSendNowQuietHours() {
    setSendNowQuietHours(null);
  }

  /** The question's default: the message goes when the lead's allowed hours begin. */
  function scheduleForAllowedHours() {
    if (!sendNowQuietHours) return;
    const { messageID, quietHours } = sendNowQuietHours;
    setSendNowQuietHours(null);
    void editAsync({ messageID, change: { sendAt: quietHours.nextAllowedAt } }).catch(
      showError('Could not change the scheduled message'),
    );
  }

  function sendNowAnyway() {
    if (!sendNowQuietHours) return;
    const { messageID } = sendNowQuietHours;
    setSendNowQuietHours(null);
    sendNowMutate(
      { messageID, quietHoursOverride: true },
      { onError: showError('Could not send the message now') },
    );
  }

  return {
    actions,
    sendNowQuietHours,
    /** The message the question is about is being changed or sent. */
    isAnsweringSendNow:
      sendNowQuietHours !== null && pendingScheduleId === sendNowQuietHours.messageID,
    dismissSendNowQuietHours,
    scheduleForAllowedHours,
    sendNowAnyway,
  };
}
