import { apiPaths } from '@leasing/contract';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { inboxQueryOf } from './get-inbox';
import type { InboxParams } from './get-inbox';

/**
 * Every lead the inbox's narrowing lists (all pages, not only those loaded), as the server's CSV.
 * Through the API client: the session's token is a header, which a plain link would not send.
 */
export async function exportInboxCsv(params: InboxParams) {
  const { blob, filename } = await apiDownload(apiPaths.inboxExport, {
    query: inboxQueryOf(params),
    accept: 'text/csv',
  });
  saveFile(blob, filename ?? `inbox-${new Date().toISOString().slice(0, 10)}.csv`);
}

export const useExportInboxCsv = () =>
  useMutation({
    mutationFn: exportInboxCsv,
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: 'Could not export the inbox',
        message: error.message,
      });
    },
  });
