import { apiPaths } from '@leasing/contract';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { filtersToQuery } from '../utils/audit-filters';
import type { AuditFilters } from '../utils/audit-filters';

/** Every entry the filters select, as the server's CSV. */
export async function exportAudit(filters: AuditFilters) {
  const { blob, filename } = await apiDownload(apiPaths.auditExport, {
    query: filtersToQuery(filters),
    accept: 'text/csv',
  });
  saveFile(blob, filename ?? `audit-${new Date().toISOString().slice(0, 10)}.csv`);
}

export const useExportAudit = () =>
  useMutation({
    mutationFn: exportAudit,
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: 'Could not export the audit trail',
        message: error.message,
      });
    },
  });
