import { funnelViews, reportGroupings, reportLeadsQuerySchema } from '@leasing/contract';
import type {
  FunnelView,
  ReportFigure,
  ReportGrouping,
  ReportLeadsQuery,
  ReportPreset,
} from '@leasing/contract';
import { DEFAULT_RANGE, isCalendarDay, presetDays, rangeChoices } from './report-range';
import type { RangeChoice, ReportDays } from './report-range';

/**
 * The report as its URL keeps it, so a link, a reload and Back from the leads behind a figure all
 * show the same one. A preset is kept by name ('Last 7 days' is a week back from today, whenever
 * the link is opened); only custom days are kept as days.
 */
export type ReportParams = {
  range: RangeChoice;
  /** Custom days only. */
  from: string | null;
  to: string | null;
  propertyId: string | null;
  view: FunnelView;
  /** The funnel's table and the speed-to-lead table are grouped each on its own. */
  funnelGroupBy: ReportGrouping | null;
  speedGroupBy: ReportGrouping | null;
};

/** What narrows a figure to the leads behind it (the leads page's own parameters). */
export type FigureFilter = {
  figure: ReportFigure;
  groupBy?: ReportGrouping;
  group?: string;
  reason?: string;
  weekday?: number;
  hour?: number;
  responder?: 'assistant' | 'people';
};

const FIGURE_KEYS = [
  'figure',
  'groupBy',
  'group',
  'reason',
  'weekday',
  'hour',
  'responder',
] as const satisfies readonly (keyof FigureFilter)[];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** What the URL asks for; a hand-edited value the server would refuse falls back to the default. */
export function reportParamsFrom(search: URLSearchParams): ReportParams {
  const from = search.get('from');
  const to = search.get('to');
  const customDays = isCalendarDay(from) && isCalendarDay(to);
  const asked = oneOf(rangeChoices, search.get('range'));
  const range = asked === 'custom' && !customDays ? DEFAULT_RANGE : (asked ?? DEFAULT_RANGE);
  const propertyId = search.get('propertyId');
  return {
    range,
    from: range === 'custom' ? from : null,
    to: range === 'custom' ? to : null,
    propertyId: propertyId && UUID.test(propertyId) ? propertyId : null,
    view: oneOf(funnelViews, search.get('view')) ?? 'cohort',
    funnelGroupBy: oneOf(reportGroupings, search.get('funnelGroupBy')),
    speedGroupBy: oneOf(reportGroupings, search.get('speedGroupBy')),
  };
}

/** The report's search params with `changes` applied; defaults are left out of the URL. */
export function paramsWith(params: ReportParams, changes: Partial<ReportParams>): URLSearchParams {
  const next = { ...params, ...changes };
  const search = new URLSearchParams();
  if (next.range !== DEFAULT_RANGE) search.set('range', next.range);
  if (next.range === 'custom' && next.from && next.to) {
    search.set('from', next.from);
    search.set('to', next.to);
  }
  if (next.propertyId) search.set('propertyId', next.propertyId);
  if (next.view !== 'cohort') search.set('view', next.view);
  if (next.funnelGroupBy) search.set('funnelGroupBy', next.funnelGroupBy);
  if (next.speedGroupBy) search.set('speedGroupBy', next.speedGroupBy);
  return search;
}

/** The days the report counts: the custom ones, or the preset's on the company's calendar. */
export function daysOf(params: ReportParams, timeZone: string, now: Date = new Date()): ReportDays {
  if (params.range === 'custom' && params.from && params.to) {
    return { from: params.from, to: params.to };
  }
  return presetDays(params.range as ReportPreset, timeZone, now);
}

/**
 * The leads page's search: the report's own parameters (for Back), the days they resolved to,
 * and the figure's.
 */
export function figureSearch(params: ReportParams, days: ReportDays, filter: FigureFilter): string {
  const search = paramsWith(params, {});
  search.set('from', days.from);
  search.set('to', days.to);
  for (const key of FIGURE_KEYS) {
    const value = filter[key];
    if (value !== undefined) search.set(key, String(value));
  }
  return search.toString();
}

/** The report a leads page came from: its search without the figure (and a preset's days). */
export function reportSearchOf(leadsSearch: URLSearchParams): string {
  const params = new URLSearchParams(leadsSearch);
  for (const key of FIGURE_KEYS) params.delete(key);
  // A preset names its days itself; the report keeps custom days only.
  return paramsWith(reportParamsFrom(params), {}).toString();
}

/** The query of the leads behind a figure, as the server reads it; null when the URL is not one. */
export function leadsQueryFrom(leadsSearch: URLSearchParams): ReportLeadsQuery | null {
  const asked: Record<string, string> = {};
  for (const key of ['from', 'to', 'propertyId', 'view', ...FIGURE_KEYS]) {
    const value = leadsSearch.get(key);
    if (value !== null) asked[key] = value;
  }
  const parsed = reportLeadsQuerySchema.safeParse(asked);
  return parsed.success ? parsed.data : null;
}
