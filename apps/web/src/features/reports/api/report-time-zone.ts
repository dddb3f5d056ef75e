import type { ReportRange } from '@leasing/contract';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The company's time zone as the last report answered it (`range.timeZone`), or null before any
 * did. The web knows the company's zone from nowhere else that every role may read, so a preset's
 * days are counted in the browser's zone until the first answer names the company's.
 */
export function cachedReportTimeZone(queryClient: QueryClient): string | null {
  for (const [, data] of queryClient.getQueriesData<{ range?: ReportRange }>({
    queryKey: ['reports'],
  })) {
    if (data?.range?.timeZone) return data.range.timeZone;
  }
  return null;
}
