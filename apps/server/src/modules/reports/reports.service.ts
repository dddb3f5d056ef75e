import { sql, type SQL } from 'drizzle-orm';
import {
  funnelStepLabels,
  NO_CONTACT_HOURS,
  SILENT_DAYS,
  type FollowUpFigures,
  type FollowUpQuery,
  type FollowUpReport,
  type FunnelQuery,
  type FunnelReport,
  type FunnelStep,
  type ReportGrouping,
  type ReportLeads,
  type ReportLeadsQuery,
  type ReportRangeQuery,
  type SpeedToLeadQuery,
  type SpeedToLeadReport,
  type StaffRole,
} from '@leasing/contract';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import { findCompanyById, findCompanyProperty } from '../company/index.js';
import { inboxItemsOfLeads } from '../inbox/index.js';
import {
  countFigureLeads,
  listFigureLeadIds,
  type LeadsCursor,
} from './report-leads.repository.js';
import { describeDays, previousRange, resolveRange, type ResolvedRange } from './report-range.js';
import {
  followUpByOwner,
  funnelCounts,
  groupCondition,
  groupLabelOf,
  inSpan,
  noContactSince,
  OPEN,
  overdueAt,
  responderCondition,
  silentSince,
  speedHeatmap,
  speedToLead,
  STEP_COLUMN,
  type FollowUpCutoffs,
  type OwnerKey,
  type ReportScope,
} from './reports.repository.js';

export type ReportsDeps = { db: Db; now: Clock };

/**
 * Who asks: a staff user (an agent only ever sees their own leads' figures) or an API key (the
 * whole company).
 */
export type ReportViewer =
  | { kind: 'user'; companyId: string; userId: string; role: StaffRole }
  | { kind: 'api-key'; companyId: string };

const NOBODY = '00000000-0000-0000-0000-000000000000';

const parseOwner = (value: string | undefined): OwnerKey | undefined => {
  if (!value) return undefined;
  if (value === 'assistant' || value === 'unassigned') return { kind: value };
  return { kind: 'user', userId: value.slice('user:'.length) };
};

const ownFiguresOnly = () =>
  new HttpError('FORBIDDEN', 'Agents see the figures of their own leads only.');

type Context = {
  scope: ReportScope;
  range: ResolvedRange;
  previous: ResolvedRange;
  targetMinutes: number;
  propertyName: string | null;
};

/** The caller's scope (company, property, owner) and the range in the company's zone. */
const contextOf = async (
  db: Db,
  viewer: ReportViewer,
  query: ReportRangeQuery,
): Promise<Context> => {
  const company = await findCompanyById(db, viewer.companyId);
  if (!company) throw notFound('Company');
  let propertyName: string | null = null;
  if (query.propertyId) {
    const property = await findCompanyProperty(db, viewer.companyId, query.propertyId);
    if (!property) throw notFound('Property');
    propertyName = property.name;
  }
  let owner = parseOwner(query.owner);
  if (viewer.kind === 'user' && viewer.role === 'agent') {
    if (owner && !(owner.kind === 'user' && owner.userId === viewer.userId)) throw ownFiguresOnly();
    owner = { kind: 'user', userId: viewer.userId };
  }
  const range = resolveRange(query.from, query.to, company.timeZone);
  return {
    scope: {
      companyId: viewer.companyId,
      ...(query.propertyId ? { propertyId: query.propertyId } : {}),
      ...(owner ? { owner } : {}),
    },
    range,
    previous: previousRange(range),
    targetMinutes: company.firstReplyTargetMinutes,
    propertyName,
  };
};

const publicRange = ({ startAt: _start, endAt: _end, ...range }: ResolvedRange) => range;

export const funnelReport = async (
  { db }: ReportsDeps,
  viewer: ReportViewer,
  query: FunnelQuery,
): Promise<FunnelReport> => {
  const context = await contextOf(db, viewer, query);
  const groupBy = query.groupBy ?? null;
  const counts = await funnelCounts(
    db,
    context.scope,
    query.view,
    context.range,
    context.previous,
    groupBy,
  );
  return {
    view: query.view,
    range: publicRange(context.range),
    previousRange: publicRange(context.previous),
    total: counts.total,
    previous: counts.previous,
    groupBy,
    groups: counts.groups,
    lostReasons: counts.lostReasons,
  };
};

export const speedToLeadReport = async (
  { db }: ReportsDeps,
  viewer: ReportViewer,
  query: SpeedToLeadQuery,
): Promise<SpeedToLeadReport> => {
  const context = await contextOf(db, viewer, query);
  const { scope, range, targetMinutes } = context;
  const groupBy = query.groupBy ?? null;
  const [speed, heatmap] = await Promise.all([
    speedToLead(db, scope, range, context.previous, targetMinutes, groupBy),
    speedHeatmap(db, scope, range, range.timeZone),
  ]);
  return {
    range: publicRange(range),
    previousRange: publicRange(context.previous),
    targetMinutes,
    total: speed.total,
    previous: speed.previous,
    byResponder: { assistant: speed.assistant, people: speed.people },
    groupBy,
    groups: speed.groups,
    heatmap,
  };
};

const cutoffsAt = (now: Date): FollowUpCutoffs => ({
  now,
  noContact: new Date(now.getTime() - NO_CONTACT_HOURS * 3_600_000),
  silent: new Date(now.getTime() - SILENT_DAYS * 86_400_000),
});

export const followUpReport = async (
  deps: ReportsDeps,
  viewer: ReportViewer,
  query: FollowUpQuery,
): Promise<FollowUpReport> => {
  const context = await contextOf(deps.db, viewer, query);
  const now = deps.now();
  const rows = await followUpByOwner(deps.db, context.scope, context.range, cutoffsAt(now));
  const figuresOf = (row: (typeof rows)[number]): FollowUpFigures => ({
    open: row.open,
    noContact48h: row.noContact48h,
    overdueFollowUps: row.overdueFollowUps,
    silent7d: row.silent7d,
    toursScheduled: row.toursScheduled,
    averageTouchesBeforeTour: row.toursScheduled > 0 ? row.touches / row.toursScheduled : null,
  });
  const sum = rows.reduce(
    (total, row) => ({
      ...row,
      open: total.open + row.open,
      noContact48h: total.noContact48h + row.noContact48h,
      overdueFollowUps: total.overdueFollowUps + row.overdueFollowUps,
      silent7d: total.silent7d + row.silent7d,
      toursScheduled: total.toursScheduled + row.toursScheduled,
      touches: total.touches + row.touches,
    }),
    {
      key: 'all',
      label: 'All',
      open: 0,
      noContact48h: 0,
      overdueFollowUps: 0,
      silent7d: 0,
      toursScheduled: 0,
      touches: 0,
    },
  );
  return {
    range: publicRange(context.range),
    asOf: now.toISOString(),
    total: figuresOf(sum),
    groups: rows.map((row) => ({ key: row.key, label: row.label, figures: figuresOf(row) })),
  };
};

/* ---------- the leads behind a figure ---------- */

const FUNNEL_FIGURES = new Set<string>([
  'leads',
  'contacted',
  'tour_scheduled',
  'toured',
  'applied',
  'leased',
  'lost',
]);
const SPEED_FIGURES = new Set<string>([
  'arrived',
  'answered',
  'never_answered',
  'within_target',
  'within_5_minutes',
  'within_hour',
]);

type FigureQuery = Omit<ReportLeadsQuery, 'cursor' | 'limit'>;

const WEEKDAYS = [
  'Mondays',
  'Tuesdays',
  'Wednesdays',
  'Thursdays',
  'Fridays',
  'Saturdays',
  'Sundays',
];
const hourLabel = (hour: number) =>
  `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;

/** The SQL condition of a figure's leads, and what it is in words. */
const figureOf = (
  query: FigureQuery,
  context: Context,
  now: Date,
): { condition: SQL; words: string } => {
  const { range, targetMinutes } = context;
  const days = describeDays(range.from, range.to);
  const figure = query.figure;
  if (FUNNEL_FIGURES.has(figure)) {
    const step = figure as FunnelStep | 'lost';
    const reason =
      step === 'lost' && query.reason ? sql` and f.lost_reason = ${query.reason}` : sql``;
    const reasonWords = step === 'lost' && query.reason ? ` (${query.reason})` : '';
    const reached =
      step === 'lost' ? `were lost${reasonWords}` : `reached ${funnelStepLabels[step]}`;
    if (step === 'leads') {
      return {
        condition: inSpan(sql`l.created_at`, range),
        words: `Leads created ${days}`,
      };
    }
    const column = STEP_COLUMN[step];
    if (query.view === 'cohort') {
      return {
        condition: sql`${inSpan(sql`l.created_at`, range)} and ${column} is not null${reason}`,
        words: `Leads created ${days} that ${reached}`,
      };
    }
    return {
      condition: sql`${inSpan(column, range)}${reason}`,
      words: `Leads that ${reached} ${days}`,
    };
  }
  if (SPEED_FIGURES.has(figure)) {
    const local = sql`(f.first_inbound_at at time zone ${range.timeZone})`;
    const cell =
      query.weekday !== undefined && query.hour !== undefined
        ? sql` and extract(isodow from ${local}) = ${query.weekday} and extract(hour from ${local}) = ${query.hour}`
        : sql``;
    const cellWords =
      query.weekday !== undefined && query.hour !== undefined
        ? ` on ${WEEKDAYS[query.weekday - 1]} at ${hourLabel(query.hour)}`
        : '';
    const base = sql`${inSpan(sql`f.first_inbound_at`, range)}${cell}${responderCondition(query.responder)}`;
    const arrived = `Leads whose first message came ${days}${cellWords}`;
    const by =
      query.responder === 'assistant'
        ? ' by the assistant'
        : query.responder === 'people'
          ? ' by a person'
          : '';
    switch (figure) {
      case 'arrived':
        return { condition: base, words: arrived };
      case 'answered':
        return {
          condition: sql`${base} and f.first_response_at is not null`,
          words: `${arrived}, answered${by}`,
        };
      case 'never_answered':
        return {
          condition: sql`${base} and f.first_response_at is null`,
          words: `${arrived}, not answered yet`,
        };
      case 'within_target':
        return {
          condition: sql`${base} and f.first_response_office_minutes <= ${targetMinutes}`,
          words: `${arrived}, answered${by} within ${targetMinutes} office minutes`,
        };
      case 'within_5_minutes':
        return {
          condition: sql`${base} and f.first_response_office_minutes <= 5`,
          words: `${arrived}, answered${by} within 5 office minutes`,
        };
      default:
        return {
          condition: sql`${base} and f.first_response_office_minutes <= 60`,
          words: `${arrived}, answered${by} within an office hour`,
        };
    }
  }
  const cutoffs = cutoffsAt(now);
  switch (figure) {
    case 'no_contact_48h':
      return {
        condition: sql`${OPEN} and ${noContactSince(cutoffs.noContact)}`,
        words: `Open leads not contacted for ${NO_CONTACT_HOURS} hours`,
      };
    case 'overdue_follow_up':
      return {
        condition: sql`${OPEN} and ${overdueAt(cutoffs.now)}`,
        words: 'Open leads with an overdue follow-up',
      };
    default:
      return {
        condition: sql`${OPEN} and ${silentSince(cutoffs.silent)}`,
        words: `Open leads silent for ${SILENT_DAYS} days`,
      };
  }
};

const GROUP_WORDS: Record<ReportGrouping, string> = {
  property: 'property',
  source: 'source',
  owner: 'owner',
};

const encodeCursor = (cursor: LeadsCursor) =>
  Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');

const decodeCursor = (value: string): LeadsCursor => {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(value, 'base64url').toString()) as unknown[];
    if (
      typeof createdAt === 'string' &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(createdAt) &&
      typeof id === 'string' &&
      /^[0-9a-f-]{36}$/.test(id)
    ) {
      return { createdAt, id };
    }
  } catch {
    // answered below
  }
  throw badRequest('querystring.cursor', 'is not a cursor of this list');
};

/** The scope and condition of a figure's leads, and their description (the list and the export). */
export const figureSelection = async (
  deps: ReportsDeps,
  viewer: ReportViewer,
  query: FigureQuery,
) => {
  const context = await contextOf(deps.db, viewer, query);
  if ((query.group === undefined) !== (query.groupBy === undefined)) {
    throw badRequest(
      query.group === undefined ? 'querystring.group' : 'querystring.groupBy',
      'give both groupBy and group, or neither',
    );
  }
  const { condition, words } = figureOf(query, context, deps.now());
  const group = query.groupBy && query.group ? groupCondition(query.groupBy, query.group) : sql``;
  const groupName =
    query.groupBy && query.group
      ? ((await groupLabelOf(deps.db, viewer.companyId, query.groupBy, query.group)) ?? query.group)
      : null;
  const scopeWords = [
    context.propertyName ? `property ${context.propertyName}` : null,
    query.groupBy && groupName ? `${GROUP_WORDS[query.groupBy]} ${groupName}` : null,
  ].filter(Boolean);
  return {
    context,
    condition: sql`${condition}${group}`,
    words: scopeWords.length > 0 ? `${words} · ${scopeWords.join(' · ')}` : words,
  };
};

export const reportLeads = async (
  deps: ReportsDeps,
  viewer: ReportViewer,
  query: ReportLeadsQuery,
): Promise<ReportLeads> => {
  const { context, condition, words } = await figureSelection(deps, viewer, query);
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const [rows, total] = await Promise.all([
    listFigureLeadIds(deps.db, context.scope, condition, after, query.limit),
    countFigureLeads(deps.db, context.scope, condition),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const items = await inboxItemsOfLeads(
    deps.db,
    { companyId: viewer.companyId, userId: viewer.kind === 'user' ? viewer.userId : NOBODY },
    page.map((row) => row.id),
    deps.now(),
  );
  return {
    description: words,
    items,
    total,
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({ createdAt: last.created_at, id: last.id })
        : null,
  };
};
