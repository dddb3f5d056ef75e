import { auditActions } from '@leasing/contract';
import type { AuditAction } from '@leasing/contract';

/**
 * The Audit page's filters as the URL keeps them: days as `YYYY-MM-DD` in the viewer's calendar,
 * so a link or a reload reads the same to the person who made it.
 */
export type AuditFilters = {
  userId: string | null;
  action: AuditAction | null;
  leadId: string | null;
  /** First day shown. */
  from: string | null;
  /** Last day shown (inclusive). */
  to: string | null;
};

export const FILTER_PARAMS = ['userId', 'action', 'leadId', 'from', 'to'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isAction = (value: string | null): value is AuditAction =>
  value !== null && (auditActions as readonly string[]).includes(value);

const validDay = (value: string | null) =>
  value !== null && DAY.test(value) && !Number.isNaN(new Date(`${value}T00:00:00`).getTime())
    ? value
    : null;

/** What the URL asks for; a hand-edited value the server would refuse is left out. */
export function filtersFromParams(params: URLSearchParams): AuditFilters {
  const userId = params.get('userId');
  const leadId = params.get('leadId');
  const action = params.get('action');
  return {
    userId: userId && UUID.test(userId) ? userId : null,
    action: isAction(action) ? action : null,
    leadId: leadId && UUID.test(leadId) ? leadId : null,
    from: validDay(params.get('from')),
    to: validDay(params.get('to')),
  };
}

/** The search params with `changes` applied; other params of the page stay. */
export function paramsWithFilters(
  params: URLSearchParams,
  changes: Partial<AuditFilters>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/** The day the range ends is before the day it starts. */
export const isBackwardRange = ({ from, to }: AuditFilters) =>
  from !== null && to !== null && to < from;

export const hasFilters = (filters: AuditFilters) =>
  FILTER_PARAMS.some((key) => filters[key] !== null);

/** Midnight starting the day in the viewer's zone, as the instant the server compares. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00`);

/** The server's query: `from` inclusive, `to` the midnight after the last day (exclusive). */
export function filtersToQuery(filters: AuditFilters) {
  let to: string | null = null;
  if (filters.to) {
    const end = startOfDay(filters.to);
    end.setDate(end.getDate() + 1);
    to = end.toISOString();
  }
  return {
    userId: filters.userId,
    action: filters.action,
    leadId: filters.leadId,
    from: filters.from ? startOfDay(filters.from).toISOString() : null,
    to,
  };
}
