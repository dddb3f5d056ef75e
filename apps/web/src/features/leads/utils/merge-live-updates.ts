import type { LeadPage, LeadSummary } from '@leasing/contract';
import type { InfiniteData } from '@tanstack/react-query';

const time = (iso: string) => Date.parse(iso);
const byIdDescending = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);

/** The server's lead-list order: most recent activity first, the id breaking ties. */
function compareMostActiveFirst(a: LeadSummary, b: LeadSummary): number {
  return time(b.lastActivityAt) - time(a.lastActivityAt) || byIdDescending(a._id, b._id);
}

export type LeadPages = InfiniteData<LeadPage, string | null>;

/**
 * A property's loaded lead list with the lead as it is now, where its last activity puts it (at
 * the top, for a message just received); a new lead joins it. A lead whose place is beyond the
 * loaded pages is left to a later page.
 */
export function upsertLeadSummary(data: LeadPages, summary: LeadSummary): LeadPages {
  let placed = false;
  const pages = data.pages.map((page, index) => {
    const items = page.items.filter((item) => item._id !== summary._id);
    if (placed) return items.length === page.items.length ? page : { ...page, items };
    const before = items.findIndex((item) => compareMostActiveFirst(summary, item) < 0);
    const isLastLoaded = index === data.pages.length - 1;
    if (before === -1 && !(isLastLoaded && page.nextCursor === null)) {
      return items.length === page.items.length ? page : { ...page, items };
    }
    placed = true;
    const at = before === -1 ? items.length : before;
    return { ...page, items: [...items.slice(0, at), summary, ...items.slice(at)] };
  });
  return { ...data, pages };
}
