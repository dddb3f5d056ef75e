import type { FastifyReply } from 'fastify';
import {
  ASSISTANT_OWNER_LABEL,
  leadStatusLabels,
  reportLeadCsvColumns,
  UNASSIGNED_OWNER_LABEL,
  type LeadStatus,
  type ReportExportQuery,
} from '@leasing/contract';
import { streamCsv } from '../../lib/csv-stream.js';
import { listExportRows, type ExportRow, type LeadsCursor } from './report-leads.repository.js';
import {
  funnelReport,
  speedToLeadReport,
  followUpReport,
  figureSelection,
} from './reports.service.js';
import type { ReportsDeps, ReportViewer } from './reports.service.js';
import { inSpan, STEP_COLUMN } from './reports.repository.js';
import { sql } from 'drizzle-orm';

const BATCH = 1_000;

const minutes = (value: number | null) => (value === null ? '' : value.toFixed(1));

const ownerOf = (row: ExportRow) =>
  row.owner_kind === 'user'
    ? (row.owner_name ?? '')
    : row.owner_kind === 'assistant'
      ? ASSISTANT_OWNER_LABEL
      : UNASSIGNED_OWNER_LABEL;

const lineOf = (row: ExportRow) => [
  row.name,
  row.property,
  row.source ?? '',
  ownerOf(row),
  row.created,
  row.first_inbound ?? '',
  row.first_response ?? '',
  row.office_minutes ?? '',
  row.wall_minutes ?? '',
  row.contacted ?? '',
  row.tour_scheduled ?? '',
  row.toured ?? '',
  row.applied ?? '',
  row.leased ?? '',
  row.lost ?? '',
  row.lost_reason ?? '',
  row.tour_date ?? '',
  row.tour_outcome === 'NO_SHOW' ? 'No-show' : row.tour_outcome === 'TOURED' ? 'Toured' : '',
  leadStatusLabels[row.status as LeadStatus] ?? row.status,
];

/**
 * One row per lead: the leads created in the range (cohort), or those with any step in it
 * (activity), newest first, fetched a keyset batch at a time.
 */
export const leadsCsv = async (
  deps: ReportsDeps,
  viewer: ReportViewer,
  query: ReportExportQuery,
) => {
  const { context } = await figureSelection(deps, viewer, { ...query, figure: 'leads' });
  const { range, scope } = context;
  const condition =
    query.view === 'cohort'
      ? inSpan(sql`l.created_at`, range)
      : sql`(${inSpan(sql`l.created_at`, range)} or ${sql.join(
          Object.values(STEP_COLUMN).map((column) => inSpan(column, range)),
          sql` or `,
        )})`;
  return streamCsv(reportLeadCsvColumns, async (write) => {
    let after: LeadsCursor | undefined;
    for (;;) {
      const rows = await listExportRows(deps.db, scope, condition, range.timeZone, after, BATCH);
      for (const row of rows) await write(lineOf(row));
      const last = rows.at(-1);
      if (rows.length < BATCH || !last) return;
      after = { createdAt: last.created_at_key, id: last.id };
    }
  });
};

export const OWNER_CSV_COLUMNS = [
  'Owner',
  'Leads',
  'Contacted',
  'Tour scheduled',
  'Toured',
  'Applied',
  'Leased',
  'Lost',
  'First messages',
  'Answered',
  'Median first response (office minutes)',
  '90th percentile (office minutes)',
  'Answered within target',
  'Never answered',
  'Open now',
  'No contact 48 h',
  'Overdue follow-ups',
  'Silent 7 days',
  'Average touches before a tour',
] as const;

/** One row per owner: the funnel (in the view), speed-to-lead and follow-up figures. */
export const ownersCsv = async (
  deps: ReportsDeps,
  viewer: ReportViewer,
  query: ReportExportQuery,
) => {
  const [funnel, speed, followUp] = await Promise.all([
    funnelReport(deps, viewer, { ...query, groupBy: 'owner' }),
    speedToLeadReport(deps, viewer, { ...query, groupBy: 'owner' }),
    followUpReport(deps, viewer, query),
  ]);
  const owners = new Map<string, string>();
  for (const group of [...funnel.groups, ...speed.groups, ...followUp.groups]) {
    owners.set(group.key, group.label);
  }
  return streamCsv(OWNER_CSV_COLUMNS, async (write) => {
    for (const [key, label] of owners) {
      const f = funnel.groups.find((group) => group.key === key)?.figures;
      const s = speed.groups.find((group) => group.key === key)?.figures;
      const u = followUp.groups.find((group) => group.key === key)?.figures;
      await write([
        label,
        f?.leads ?? 0,
        f?.contacted ?? 0,
        f?.tour_scheduled ?? 0,
        f?.toured ?? 0,
        f?.applied ?? 0,
        f?.leased ?? 0,
        f?.lost ?? 0,
        s?.arrived ?? 0,
        s?.answered ?? 0,
        minutes(s?.medianMinutes ?? null),
        minutes(s?.p90Minutes ?? null),
        s?.withinTarget ?? 0,
        s?.neverAnswered ?? 0,
        u?.open ?? 0,
        u?.noContact48h ?? 0,
        u?.overdueFollowUps ?? 0,
        u?.silent7d ?? 0,
        u?.averageTouchesBeforeTour === null || u?.averageTouchesBeforeTour === undefined
          ? ''
          : u.averageTouchesBeforeTour.toFixed(1),
      ]);
    }
  });
};

/** The CSV file's name: `leads-2026-11-01-to-2026-11-30.csv`. */
export const exportFileName = (query: { rows: string; from: string; to: string }) =>
  `${query.rows === 'owners' ? 'owners' : 'leads'}-${query.from}-to-${query.to}.csv`;

/** Answers the export (per lead or per owner) as a streamed CSV download: staff and keys alike. */
export const sendReportCsv = async (
  reply: FastifyReply,
  deps: ReportsDeps,
  viewer: ReportViewer,
  query: ReportExportQuery,
) => {
  const csv =
    query.rows === 'owners'
      ? await ownersCsv(deps, viewer, query)
      : await leadsCsv(deps, viewer, query);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${exportFileName(query)}"`)
    .header('cache-control', 'no-store')
    .send(csv);
};
