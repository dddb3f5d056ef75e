import { Modal } from '@mantine/core';
import { QuietHoursPrompt } from '../../../../features/composer/components/quiet-hours-prompt';
import type { SendNowQuietHours } from '../../../../features/conversations/hooks/use-scheduled-message-actions';

export type SendNowQuietHoursModalProps = {
  /** The scheduled message 'Send now' was refused for, or null when nothing is asked. */
  question: SendNowQuietHours | null;
  isSending: boolean;
  onClose: () => void;
  onSchedule: () => void;
  onSendNow: () => void;
};

/** 'Send now' outside the lead's allowed hours: the composer's question, about that message. */
export function SendNowQuietHoursModal({
  question,
  isSending,
  onClose,
  onSchedule,
  onSendNow,
}: SendNowQuietHoursModalProps) {
  return (
    <Modal opened={question !== null} onClose={onClose} title="Send the scheduled message now?">
      {question && (
        <QuietHoursPrompt
          quietHours={question.quietHours}
          isSending={isSending}
          onSchedule={onSchedule}
          onSendNow={onSendNow}
        />
      )}
    </Modal>
  );
}
