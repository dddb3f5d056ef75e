import { Switch, Text } from '@mantine/core';
import { REPORT_DIGEST_HOUR } from '@leasing/contract';
import { useReportDigest } from '../api/get-report-digest';
import { useUpdateReportDigest } from '../api/update-report-digest';

/**
 * 'Weekly email': managers and admins get last week's figures every Monday morning; each turns it
 * off or on for themselves. Nothing shows for an agent (their figures are here only).
 */
export function WeeklyEmailSwitch() {
  const digest = useReportDigest();
  const update = useUpdateReportDigest();
  if (!digest.data?.eligible) return null;
  return (
    <div>
      <Switch
        label="Weekly email"
        description={`Last week's figures every Monday at ${REPORT_DIGEST_HOUR}:00 AM`}
        checked={update.isPending ? update.variables : digest.data.weeklyDigest}
        disabled={update.isPending}
        onChange={(event) => update.mutate(event.currentTarget.checked)}
      />
      {update.isError ? (
        <Text size="xs" c="red.8" role="alert" mt={4}>
          The weekly email setting was not saved. Try again.
        </Text>
      ) : null}
    </div>
  );
}
