import { Switch, TextInput } from '@mantine/core';
import { formatZoneName } from '../../lib/format-date';
import { describeSendTime } from '../../lib/send-later-time';
import { parseLocalDateTime } from '../../lib/zoned-time';

export type SendTimeFieldsProps = {
  /** The zone the picked wall-clock time is read in: the lead's. */
  leadZone: string;
  /** A `datetime-local` value. */
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  keepIfLeadReplies: boolean;
  onKeepIfLeadRepliesChange: (keep: boolean) => void;
};

/**
 * When a scheduled message leaves ('Send later', and 'Edit' of a scheduled message): a date and
 * time on the lead's clock, said back for the lead and for the agent, and whether it still leaves
 * when the lead writes first.
 */
export function SendTimeFields({
  leadZone,
  value,
  onChange,
  error,
  keepIfLeadReplies,
  onKeepIfLeadRepliesChange,
}: SendTimeFieldsProps) {
  const picked = parseLocalDateTime(value, leadZone);
  return (
    <>
      <TextInput
        type="datetime-local"
        label="Date and time for the lead"
        description={
          picked ? describeSendTime(picked, leadZone) : `Lead's time: ${formatZoneName(leadZone)}`
        }
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        required
        data-autofocus
      />
      <Switch
        label="Send even if the lead replies first"
        description="Otherwise it is cancelled when the lead writes before it leaves"
        checked={keepIfLeadReplies}
        onChange={(event) => onKeepIfLeadRepliesChange(event.currentTarget.checked)}
      />
    </>
  );
}
