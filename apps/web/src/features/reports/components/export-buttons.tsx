import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { ApiRequestError } from '../../../lib/api-client';
import { useExportReportCsv } from '../api/export-report-csv';
import type { ReportExportInput } from '../api/export-report-csv';

export type ExportButtonsProps = {
  /** The report's days, property and view; null while they cannot be exported. */
  input: Omit<ReportExportInput, 'rows'> | null;
  /** Why the buttons are off (shown as their title and beside them). */
  disabledReason: string | null;
};

/** What to do about a failed export, in words. */
function exportErrorMessage(error: Error): string {
  if (!(error instanceof ApiRequestError)) return error.message;
  if (error.status === 403) {
    return 'You may export only the leads you can see. Ask a manager or an admin for the company’s.';
  }
  if (error.status === 429) {
    return error.retryAfterSeconds
      ? `Too many exports at once. Try again in ${error.retryAfterSeconds} seconds.`
      : 'Too many exports at once. Try again in a minute.';
  }
  if (error.status >= 500) {
    return `${error.message} Try again; if it fails again, export a shorter range.`;
  }
  return error.message;
}

/**
 * 'Export CSV' (a row per lead) and 'Export by owner' (a row per owner) of the report's range and
 * property. Each says while it prepares the file, and what to do when it could not.
 */
export function ExportButtons({ input, disabledReason }: ExportButtonsProps) {
  const leads = useExportReportCsv();
  const owners = useExportReportCsv();
  const running = leads.isPending ? leads : owners.isPending ? owners : null;
  const failed = leads.isError ? leads : owners.isError ? owners : null;
  const waitReason = running ? 'Wait for the export being prepared.' : null;

  function handleExport(rows: ReportExportInput['rows']) {
    if (!input) return;
    (rows === 'leads' ? owners : leads).reset();
    (rows === 'leads' ? leads : owners).mutate({ ...input, rows });
  }

  const reason = disabledReason ?? waitReason;
  return (
    <Stack gap={4} align="flex-end">
      <Group gap="xs" wrap="wrap" justify="flex-end">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() => handleExport('leads')}
          loading={leads.isPending}
          disabled={input === null || disabledReason !== null || owners.isPending}
          title={reason ?? 'One row per lead'}
        >
          Export CSV
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() => handleExport('owners')}
          loading={owners.isPending}
          disabled={input === null || disabledReason !== null || leads.isPending}
          title={reason ?? 'One row per owner'}
        >
          Export by owner
        </Button>
      </Group>
      <Text size="xs" c="dimmed" role="status">
        {running ? 'Preparing the file… it downloads when ready.' : (disabledReason ?? '')}
      </Text>
      {failed && (
        <Alert color="red" variant="light" title="Could not export" role="alert" maw={420}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{exportErrorMessage(failed.error!)}</Text>
            <Button
              size="xs"
              variant="white"
              color="red"
              onClick={() => handleExport(failed === leads ? 'leads' : 'owners')}
            >
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
