import type {
  FollowUpFigures,
  FollowUpReport,
  FunnelCounts,
  FunnelReport,
  ReportRange,
  SpeedFigures,
  SpeedToLeadReport,
} from '@leasing/contract';

/** The range as the server reads it, in the company's zone (Chicago). */
export function reportRange(from: string, to: string, timeZone = 'America/Chicago'): ReportRange {
  return { from, to, timeZone, start: `${from}T06:00:00.000Z`, end: `${to}T06:00:00.000Z` };
}

/** The server's previous period: the same number of days just before. */
export function previousRangeOf({ from, to, timeZone }: ReportRange): ReportRange {
  const day = 86_400_000;
  const days = (Date.parse(to) - Date.parse(from)) / day + 1;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return reportRange(iso(Date.parse(from) - days * day), iso(Date.parse(from) - day), timeZone);
}

export function funnelCounts(overrides: Partial<FunnelCounts> = {}): FunnelCounts {
  return {
    leads: 0,
    contacted: 0,
    tour_scheduled: 0,
    toured: 0,
    applied: 0,
    leased: 0,
    lost: 0,
    ...overrides,
  };
}

export function funnelReport(
  range: ReportRange,
  overrides: Partial<FunnelReport> = {},
): FunnelReport {
  return {
    view: 'cohort',
    range,
    previousRange: previousRangeOf(range),
    total: funnelCounts(),
    previous: funnelCounts(),
    groupBy: null,
    groups: [],
    lostReasons: [],
    ...overrides,
  };
}

export function speedFigures(overrides: Partial<SpeedFigures> = {}): SpeedFigures {
  return {
    arrived: 0,
    answered: 0,
    neverAnswered: 0,
    medianMinutes: null,
    p90Minutes: null,
    medianWallMinutes: null,
    withinTarget: 0,
    within5Minutes: 0,
    withinHour: 0,
    ...overrides,
  };
}

export function speedReport(
  range: ReportRange,
  overrides: Partial<SpeedToLeadReport> = {},
): SpeedToLeadReport {
  return {
    range,
    previousRange: previousRangeOf(range),
    targetMinutes: 15,
    total: speedFigures(),
    previous: speedFigures(),
    byResponder: { assistant: speedFigures(), people: speedFigures() },
    groupBy: null,
    groups: [],
    heatmap: [],
    ...overrides,
  };
}

export function followUpFigures(overrides: Partial<FollowUpFigures> = {}): FollowUpFigures {
  return {
    open: 0,
    noContact48h: 0,
    overdueFollowUps: 0,
    silent7d: 0,
    toursScheduled: 0,
    averageTouchesBeforeTour: null,
    ...overrides,
  };
}

export function followUpReport(
  range: ReportRange,
  overrides: Partial<FollowUpReport> = {},
): FollowUpReport {
  return {
    range,
    asOf: '2026-11-20T18:00:00.000Z',
    total: followUpFigures(),
    groups: [],
    ...overrides,
  };
}
