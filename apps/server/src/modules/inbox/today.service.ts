import type { Today, TodayItem, TodayReason } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { zonedDayBounds } from '../../lib/zoned-day.js';
import { loadCompanyOfficeRules } from '../scheduling/index.js';
import { toInboxItem } from './inbox.service.js';
import { companyTimeZone, countTodayLeads, listTodayLeads } from './today.repository.js';

/** The Today list stops here; its counts still count every lead. */
export const TODAY_LIMIT = 200;

type Row = Awaited<ReturnType<typeof listTodayLeads>>[number];

const reasonsOf = (row: Row): TodayReason[] => {
  const reasons: TodayReason[] = [];
  if (row.lead.decisionOpen) reasons.push('decision');
  if (row.tourUnconfirmed) reasons.push('tour_unconfirmed');
  if (row.followUpDue) reasons.push('follow_up_due');
  if (row.needsReply) reasons.push('needs_reply');
  if (row.tourToday) reasons.push('tour_today');
  return reasons;
};

const RANK: Record<TodayReason, number> = {
  decision: 0,
  tour_unconfirmed: 1,
  follow_up_due: 2,
  needs_reply: 3,
  tour_today: 4,
};

/** Within a reason, what has waited longest (or comes soonest) first. */
const sinceOf = (item: TodayItem, row: Row): number => {
  switch (item.reasons[0]) {
    case 'follow_up_due':
      return row.lead.followUpAt?.getTime() ?? 0;
    case 'needs_reply':
      return row.lead.lastInboundAt?.getTime() ?? 0;
    case 'tour_today':
    case 'tour_unconfirmed':
      return row.lead.tourDateUtc?.getTime() ?? 0;
    default:
      return row.lead.lastActivityAt.getTime();
  }
};

/**
 * `GET /api/today`: the caller's leads that need action now — open decisions, booked tours within
 * two hours the lead has not confirmed, due follow-ups,
 * leads waiting for a reply, tours today without an outcome — most urgent first. "Today" is the
 * company's calendar day.
 */
export const getToday = async (
  db: Db,
  user: { companyId: string; userId: string },
  now: Clock,
): Promise<Today> => {
  const at = now();
  const { start, end } = zonedDayBounds(at, await companyTimeZone(db, user.companyId));
  const window = { userId: user.userId, now: at, dayStart: start, dayEnd: end };
  const [rows, counts, rules] = await Promise.all([
    listTodayLeads(db, window, TODAY_LIMIT),
    countTodayLeads(db, window),
    loadCompanyOfficeRules(db, user.companyId),
  ]);
  const items = rows
    .map((row) => ({
      row,
      item: {
        ...toInboxItem(row, at, rules.get(row.lead.propertyId)!),
        reasons: reasonsOf(row),
      },
    }))
    .filter(({ item }) => item.reasons.length > 0)
    .sort(
      (a, b) =>
        RANK[a.item.reasons[0]!] - RANK[b.item.reasons[0]!] ||
        sinceOf(a.item, a.row) - sinceOf(b.item, b.row) ||
        (a.item._id < b.item._id ? -1 : 1),
    )
    .map(({ item }) => item);
  return {
    items,
    counts: {
      total: counts.total,
      decision: counts.decision,
      tour_unconfirmed: counts.tourUnconfirmed,
      follow_up_due: counts.followUpDue,
      needs_reply: counts.needsReply,
      tour_today: counts.tourToday,
    },
    limit: TODAY_LIMIT,
  };
};
