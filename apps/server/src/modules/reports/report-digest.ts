import type PgBoss from 'pg-boss';
import { DateTime } from 'luxon';
import {
  REPORT_DIGEST_HOUR,
  type FunnelReport,
  type ReportDigestSettings,
  type SpeedFigures,
  type SpeedToLeadReport,
} from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { domainEvent } from '../../events/domain-events.js';
import type { EventPort } from '../../events/event-port.js';
import { userActor, type Principal } from '../../lib/principal.js';
import { enqueueSystemEmail } from '../messaging/index.js';
import {
  claimDigest,
  isDigestOff,
  listCompanyZones,
  listDigestRecipients,
  turnDigestOff,
  turnDigestOn,
} from './report-digest.repository.js';
import { describeDays } from './report-range.js';
import { funnelReport, speedToLeadReport, type ReportsDeps } from './reports.service.js';

export type DigestDeps = ReportsDeps & { events: EventPort; queue: PgBoss; publicUrl: string };

const mayGetDigest = (role: string) => role === 'manager' || role === 'admin';

export const getDigestSettings = async (
  db: Db,
  principal: Principal,
): Promise<ReportDigestSettings> => {
  const eligible = mayGetDigest(principal.role);
  return { eligible, weeklyDigest: eligible && !(await isDigestOff(db, principal.id)) };
};

/** A person turns their own weekly email on or off (audited). */
export const setDigestSettings = async (
  deps: Pick<DigestDeps, 'db' | 'events'>,
  principal: Principal,
  weeklyDigest: boolean,
): Promise<ReportDigestSettings> => {
  await deps.events.transaction(async ({ db, record }) => {
    const changed = weeklyDigest
      ? await turnDigestOn(db, principal.id)
      : await turnDigestOff(db, principal.id, principal.companyId);
    if (!changed) return;
    record(
      domainEvent('report_digest.changed', {
        companyId: principal.companyId,
        userId: principal.id,
        enabled: weeklyDigest,
        actor: userActor(principal),
      }),
    );
  });
  return getDigestSettings(deps.db, principal);
};

const change = (now: number, before: number) => {
  if (now === before) return 'same as the week before';
  return `${now > before ? '▲' : '▼'} ${Math.abs(now - before)} from ${before}`;
};

export const formatMinutes = (minutes: number | null) => {
  if (minutes === null) return '—';
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${Math.round(minutes)} min`;
  const hours = Math.floor(minutes / 60);
  const rest = Math.round(minutes - hours * 60);
  if (hours < 24) return rest ? `${hours} h ${rest} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  const restHours = hours - days * 24;
  return restHours ? `${days} d ${restHours} h` : `${days} d`;
};

const share = (part: number, whole: number) =>
  whole === 0 ? '—' : `${Math.round((part / whole) * 100)}%`;

/** The email's words: last week's figures against the week before, and where to see more. */
export const digestText = (input: {
  companyName: string;
  funnel: FunnelReport;
  speed: SpeedToLeadReport;
  reportUrl: string;
  settingsUrl: string;
}) => {
  const { funnel, speed } = input;
  const week = describeDays(funnel.range.from, funnel.range.to);
  const before = describeDays(funnel.previousRange.from, funnel.previousRange.to);
  const line = (label: string, now: number, was: number) =>
    `${label}: ${now} (${change(now, was)})`;
  const speedLine = (figures: SpeedFigures) =>
    `${formatMinutes(figures.medianMinutes)} median, ${formatMinutes(figures.p90Minutes)} for 9 in 10`;
  return {
    subject: `Weekly leasing report: ${week}`,
    text: [
      `${input.companyName}: last week (${week}) against the week before (${before}).`,
      '',
      'Leads created last week, and how far they got',
      line('New leads', funnel.total.leads, funnel.previous.leads),
      line('Contacted', funnel.total.contacted, funnel.previous.contacted),
      line('Tour scheduled', funnel.total.tour_scheduled, funnel.previous.tour_scheduled),
      line('Toured', funnel.total.toured, funnel.previous.toured),
      line('Applied', funnel.total.applied, funnel.previous.applied),
      line('Leased', funnel.total.leased, funnel.previous.leased),
      line('Lost', funnel.total.lost, funnel.previous.lost),
      '',
      'Speed to lead (office hours)',
      `First response: ${speedLine(speed.total)} (the week before: ${speedLine(speed.previous)})`,
      `Answered within ${speed.targetMinutes} min: ${share(speed.total.withinTarget, speed.total.arrived)} of ${speed.total.arrived} new conversations (the week before: ${share(speed.previous.withinTarget, speed.previous.arrived)})`,
      `Not answered yet: ${speed.total.neverAnswered}`,
      '',
      `See every figure and the leads behind it: ${input.reportUrl}`,
      '',
      `You get this email every Monday at ${REPORT_DIGEST_HOUR}:00 AM. To stop it, turn off 'Weekly email' on the Reports page: ${input.settingsUrl}`,
    ].join('\n'),
  };
};

/**
 * Monday from 8:00 AM in each company's zone: its managers and admins who have not had this week's
 * email get it. Each email is claimed in the transaction that queues it, so every process may
 * sweep and each person gets one a week.
 */
export const sendWeeklyDigests = async (deps: DigestDeps): Promise<number> => {
  const now = deps.now();
  let sent = 0;
  for (const company of await listCompanyZones(deps.db)) {
    const local = DateTime.fromJSDate(now, { zone: company.time_zone });
    if (local.weekday !== 1 || local.hour < REPORT_DIGEST_HOUR) continue;
    const weekOf = local.toISODate()!;
    const recipients = await listDigestRecipients(deps.db, company.id, weekOf);
    if (recipients.length === 0) continue;
    const monday = local.startOf('day');
    const range = {
      from: monday.minus({ days: 7 }).toISODate()!,
      to: monday.minus({ days: 1 }).toISODate()!,
    };
    const viewer = { kind: 'api-key', companyId: company.id } as const;
    const [funnel, speed] = await Promise.all([
      funnelReport(deps, viewer, { ...range, view: 'cohort' }),
      speedToLeadReport(deps, viewer, range),
    ]);
    const query = `from=${range.from}&to=${range.to}`;
    const email = digestText({
      companyName: company.name,
      funnel,
      speed,
      reportUrl: `${deps.publicUrl}/main/reports?${query}`,
      settingsUrl: `${deps.publicUrl}/main/reports`,
    });
    for (const person of recipients) {
      await deps.events.transaction(async (scope) => {
        if (!(await claimDigest(scope.db, { userId: person.id, companyId: company.id, weekOf })))
          return;
        await enqueueSystemEmail(deps.queue, scope, {
          companyId: company.id,
          to: person.email,
          subject: email.subject,
          text: email.text,
        });
        sent += 1;
      });
    }
  }
  return sent;
};
