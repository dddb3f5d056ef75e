import { z } from 'zod';
import { inboxItemSchema } from './inbox.js';

/**
 * Reports: the funnel, speed-to-lead and follow-up discipline, each figure opening onto the leads
 * it counts. Days are the company's calendar days (its time zone); `from` and `to` are both
 * included. The server answers the previous period of the same length beside each figure.
 */

/** The funnel's steps, in order. A lead that skips a step passes it on the date of the later one. */
export const funnelSteps = [
  'leads',
  'contacted',
  'tour_scheduled',
  'toured',
  'applied',
  'leased',
] as const;
export const funnelStepSchema = z.enum(funnelSteps);
export type FunnelStep = z.infer<typeof funnelStepSchema>;

export const funnelStepLabels: Record<FunnelStep, string> = {
  leads: 'Leads',
  contacted: 'Contacted',
  tour_scheduled: 'Tour scheduled',
  toured: 'Toured',
  applied: 'Applied',
  leased: 'Leased',
};

/**
 * `cohort`: leads created in the range, and how far they got (up to now). `activity`: the steps
 * that happened in the range, whenever the lead came.
 */
export const funnelViews = ['cohort', 'activity'] as const;
export const funnelViewSchema = z.enum(funnelViews);
export type FunnelView = z.infer<typeof funnelViewSchema>;

export const reportGroupings = ['property', 'source', 'owner'] as const;
export const reportGroupingSchema = z.enum(reportGroupings);
export type ReportGrouping = z.infer<typeof reportGroupingSchema>;

export const reportPresets = [
  'today',
  'last_7_days',
  'last_30_days',
  'this_month',
  'last_month',
] as const;
export type ReportPreset = (typeof reportPresets)[number];

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** Reports reach back at most this many days in one range. */
export const REPORT_MAX_RANGE_DAYS = 366;

const daySchema = z
  .string()
  .regex(DAY_PATTERN, 'a day as YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'is not a calendar day');

/**
 * Whose leads a figure counts: `user:<id>` (that person's), `assistant`, `unassigned`. An agent's
 * figures are always their own; asking for another owner's answers 403.
 */
export const reportOwnerKeyPattern = /^(user:[0-9a-f-]{36}|assistant|unassigned)$/;

/** The fields every report query has: the days, and optionally a property and an owner. */
const reportRangeFields = {
  from: daySchema,
  to: daySchema,
  /** One property of the company; all of them when left out. */
  propertyId: z.uuid().optional(),
  /** Only this owner's leads (see `reportOwnerKeyPattern`). */
  owner: z.string().regex(reportOwnerKeyPattern, 'user:<id>, assistant or unassigned').optional(),
};

const checkRange = (query: { from: string; to: string }, context: z.RefinementCtx) => {
  if (query.to < query.from) {
    context.addIssue({ code: 'custom', path: ['to'], message: 'must not be before `from`' });
    return;
  }
  const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
  if (days > REPORT_MAX_RANGE_DAYS) {
    context.addIssue({
      code: 'custom',
      path: ['to'],
      message: `a range spans at most ${REPORT_MAX_RANGE_DAYS} days`,
    });
  }
};

export const reportRangeQuerySchema = z.object(reportRangeFields).superRefine(checkRange);
export type ReportRangeQuery = z.infer<typeof reportRangeQuerySchema>;

export const funnelQuerySchema = z
  .object({
    ...reportRangeFields,
    view: funnelViewSchema.default('cohort'),
    groupBy: reportGroupingSchema.optional(),
  })
  .superRefine(checkRange);
export type FunnelQuery = z.infer<typeof funnelQuerySchema>;

export const speedToLeadQuerySchema = z
  .object({ ...reportRangeFields, groupBy: reportGroupingSchema.optional() })
  .superRefine(checkRange);
export type SpeedToLeadQuery = z.infer<typeof speedToLeadQuerySchema>;

export const followUpQuerySchema = reportRangeQuerySchema;
export type FollowUpQuery = z.infer<typeof followUpQuerySchema>;

/** The range as the server read it: days in the company's zone, and the moments they span. */
export const reportRangeSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** The first moment counted and the first one after the range (ISO). */
  start: z.string(),
  end: z.string(),
});
export type ReportRange = z.infer<typeof reportRangeSchema>;

/** A row of a grouped report: its key (a filter value for the leads behind it) and its name. */
const groupOf = <T extends z.ZodType>(figures: T) =>
  z.object({ key: z.string(), label: z.string(), figures });

export const funnelCountsSchema = z.object({
  leads: z.number().int(),
  contacted: z.number().int(),
  tour_scheduled: z.number().int(),
  toured: z.number().int(),
  applied: z.number().int(),
  leased: z.number().int(),
  lost: z.number().int(),
});
export type FunnelCounts = z.infer<typeof funnelCountsSchema>;

export const funnelReportSchema = z.object({
  view: funnelViewSchema,
  range: reportRangeSchema,
  previousRange: reportRangeSchema,
  total: funnelCountsSchema,
  previous: funnelCountsSchema,
  groupBy: reportGroupingSchema.nullable(),
  groups: z.array(groupOf(funnelCountsSchema)),
  /** Lost leads by reason (in the view's sense), most first. */
  lostReasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
});
export type FunnelReport = z.infer<typeof funnelReportSchema>;

/**
 * Speed-to-lead of the leads whose first message arrived in the range. Minutes are office-hours
 * minutes of the lead's property (its hours and zone), unless named wall-clock.
 */
export const speedFiguresSchema = z.object({
  /** Leads whose first message arrived in the range (the clock started). */
  arrived: z.number().int(),
  answered: z.number().int(),
  neverAnswered: z.number().int(),
  /** Median and 90th percentile of the answered ones (linear interpolation); null with none. */
  medianMinutes: z.number().nullable(),
  p90Minutes: z.number().nullable(),
  medianWallMinutes: z.number().nullable(),
  withinTarget: z.number().int(),
  within5Minutes: z.number().int(),
  withinHour: z.number().int(),
});
export type SpeedFigures = z.infer<typeof speedFiguresSchema>;

export const speedHeatCellSchema = z.object({
  /** 1 Monday … 7 Sunday, in the company's zone. */
  weekday: z.number().int().min(1).max(7),
  hour: z.number().int().min(0).max(23),
  arrived: z.number().int(),
  /** Median office-hours minutes to the first response of those answered; null with none. */
  medianMinutes: z.number().nullable(),
});
export type SpeedHeatCell = z.infer<typeof speedHeatCellSchema>;

export const speedToLeadReportSchema = z.object({
  range: reportRangeSchema,
  previousRange: reportRangeSchema,
  /** The company's first-reply target (office-hours minutes). */
  targetMinutes: z.number().int(),
  total: speedFiguresSchema,
  previous: speedFiguresSchema,
  /** Who answered first: the assistant, or a person (a staff user or a key acting for one). */
  byResponder: z.object({ assistant: speedFiguresSchema, people: speedFiguresSchema }),
  groupBy: reportGroupingSchema.nullable(),
  groups: z.array(groupOf(speedFiguresSchema)),
  /** Cells with at least one arrival. */
  heatmap: z.array(speedHeatCellSchema),
});
export type SpeedToLeadReport = z.infer<typeof speedToLeadReportSchema>;

/** Hours without contact after which an open lead counts as neglected, and days for silent. */
export const NO_CONTACT_HOURS = 48;
export const SILENT_DAYS = 7;

export const followUpFiguresSchema = z.object({
  /** Open leads now (not leased, not lost). */
  open: z.number().int(),
  /** Open leads the team has not written to for 48 hours (or ever, created 48 hours ago). */
  noContact48h: z.number().int(),
  /** Open leads whose follow-up time has passed. */
  overdueFollowUps: z.number().int(),
  /** Open leads with no message either way for 7 days. */
  silent7d: z.number().int(),
  /** Messages the team sent before the tour, over leads whose tour was scheduled in the range. */
  toursScheduled: z.number().int(),
  averageTouchesBeforeTour: z.number().nullable(),
});
export type FollowUpFigures = z.infer<typeof followUpFiguresSchema>;

export const followUpReportSchema = z.object({
  range: reportRangeSchema,
  /** When the current-state figures were taken (ISO). */
  asOf: z.string(),
  total: followUpFiguresSchema,
  /** By owner, always. */
  groups: z.array(groupOf(followUpFiguresSchema)),
});
export type FollowUpReport = z.infer<typeof followUpReportSchema>;

/** The figures whose leads can be listed. */
export const reportFigures = [
  ...funnelSteps,
  'lost',
  'arrived',
  'answered',
  'never_answered',
  'within_target',
  'within_5_minutes',
  'within_hour',
  'no_contact_48h',
  'overdue_follow_up',
  'silent_7d',
] as const;
export const reportFigureSchema = z.enum(reportFigures);
export type ReportFigure = z.infer<typeof reportFigureSchema>;

export const reportLeadsQuerySchema = z
  .object({
    ...reportRangeFields,
    figure: reportFigureSchema,
    /** For the funnel's figures: which view counts them. */
    view: funnelViewSchema.default('cohort'),
    /** One group of a grouped report: the grouping and the group's key. */
    groupBy: reportGroupingSchema.optional(),
    group: z.string().min(1).max(100).optional(),
    /** With `lost`: one reason. */
    reason: z.string().min(1).max(100).optional(),
    /** With the speed figures: one cell of the heat map. */
    weekday: z.coerce.number().int().min(1).max(7).optional(),
    hour: z.coerce.number().int().min(0).max(23).optional(),
    /** Only leads answered first by the assistant or by people. */
    responder: z.enum(['assistant', 'people']).optional(),
    cursor: z.string().min(1).max(500).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .superRefine(checkRange);
export type ReportLeadsQuery = z.infer<typeof reportLeadsQuerySchema>;

export const reportLeadsSchema = z.object({
  /** What the list is, in words: "Leads created Nov 1–30, 2026 that reached Toured · source Zillow". */
  description: z.string(),
  items: z.array(inboxItemSchema),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type ReportLeads = z.infer<typeof reportLeadsSchema>;

/** `GET /api/reports/leads.csv?…&rows=leads|owners`: one row per lead (default) or per owner. */
export const reportExportQuerySchema = z
  .object({
    ...reportRangeFields,
    rows: z.enum(['leads', 'owners']).default('leads'),
    view: funnelViewSchema.default('cohort'),
  })
  .superRefine(checkRange);
export type ReportExportQuery = z.infer<typeof reportExportQuerySchema>;

/** The columns of the per-lead export, in order. */
export const reportLeadCsvColumns = [
  'Lead',
  'Property',
  'Source',
  'Owner',
  'Created',
  'First message',
  'First response',
  'First response (office minutes)',
  'First response (minutes)',
  'Contacted',
  'Tour scheduled',
  'Toured',
  'Applied',
  'Leased',
  'Lost',
  'Lost reason',
  'Tour date',
  'Tour outcome',
  'Status',
] as const;

/**
 * `GET`/`PUT /api/reports/digest`: the signed-in person's weekly report email, sent Mondays at
 * 8:00 AM in the company's time zone to managers and admins (on unless they turn it off).
 */
export const reportDigestSettingsSchema = z.object({
  weeklyDigest: z.boolean(),
  /** Only managers and admins get it; agents see their own figures in the page instead. */
  eligible: z.boolean(),
});
export type ReportDigestSettings = z.infer<typeof reportDigestSettingsSchema>;

export const reportDigestUpdateSchema = z.object({ weeklyDigest: z.boolean() });
export type ReportDigestUpdate = z.infer<typeof reportDigestUpdateSchema>;

/** The hour (company time) on Monday the weekly email leaves. */
export const REPORT_DIGEST_HOUR = 8;
