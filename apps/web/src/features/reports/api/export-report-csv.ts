import { apiPaths } from '@leasing/contract';
import type { FunnelView } from '@leasing/contract';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

export type ReportExportInput = {
  from: string;
  to: string;
  propertyId: string | null;
  view: FunnelView;
  /** One row per lead, or one per owner. */
  rows: 'leads' | 'owners';
};

/**
 * The report's CSV, downloaded through the API client: the session's token is a header, which a
 * plain link would not send.
 */
export async function exportReportCsv(input: ReportExportInput) {
  const { blob, filename } = await apiDownload(apiPaths.reportsLeadsCsv, {
    query: { ...input },
    accept: 'text/csv',
  });
  saveFile(blob, filename ?? `${input.rows}-${input.from}-to-${input.to}.csv`);
}

/** One per button: each shows its own progress and its own error. */
export const useExportReportCsv = () => useMutation({ mutationFn: exportReportCsv });
