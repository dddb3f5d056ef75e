import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { leadReportFacts, leads, type LeadReportFactsRow } from '../../db/schema/index.js';

const f = leadReportFacts;

/**
 * The lead's facts row, locked for this transaction (made first when the lead has none: its
 * company and property come from the lead). Undefined when the lead does not exist.
 */
export const lockLeadFacts = async (
  db: Db,
  leadId: string,
): Promise<LeadReportFactsRow | undefined> => {
  await db.execute(sql`
    insert into ${f} (lead_id, company_id, property_id)
    select id, company_id, property_id from ${leads} where id = ${leadId}
    on conflict (lead_id) do nothing`);
  return (await db.select().from(f).where(eq(f.leadId, leadId)).for('update'))[0];
};

export type LeadFactsChange = Partial<
  Omit<LeadReportFactsRow, 'leadId' | 'companyId' | 'propertyId'>
>;

export const updateLeadFacts = async (db: Db, leadId: string, change: LeadFactsChange) => {
  if (Object.keys(change).length === 0) return;
  await db.update(f).set(change).where(eq(f.leadId, leadId));
};

/** The property's answered leads: their wait is counted again under new office hours. */
export const listAnsweredFactsOfProperty = (db: Db, propertyId: string) =>
  db
    .select({
      leadId: f.leadId,
      firstInboundAt: f.firstInboundAt,
      firstResponseAt: f.firstResponseAt,
    })
    .from(f)
    .where(and(eq(f.propertyId, propertyId), isNotNull(f.firstResponseAt)));

/** Answered leads whose office-hours wait is not counted yet (after a rebuild). */
export const listUncountedAnsweredFacts = (db: Db, limit: number) =>
  db
    .select({
      leadId: f.leadId,
      companyId: f.companyId,
      propertyId: f.propertyId,
      firstInboundAt: f.firstInboundAt,
      firstResponseAt: f.firstResponseAt,
    })
    .from(f)
    .where(and(isNotNull(f.firstResponseAt), isNull(f.firstResponseOfficeMinutes)))
    .limit(limit);

/** Writes many leads' office-hours waits in one statement. */
export const setOfficeMinutes = async (
  db: Db,
  rows: readonly { leadId: string; minutes: number | null }[],
) => {
  if (rows.length === 0) return;
  await db.execute(sql`
    update ${f} set first_response_office_minutes = v.minutes
    from unnest(${sql.param(rows.map((row) => row.leadId))}::uuid[],
                ${sql.param(rows.map((row) => row.minutes))}::double precision[]) as v(lead_id, minutes)
    where ${f.leadId} = v.lead_id`);
};

export const hasAnyFacts = async (db: Db) =>
  (await db.execute(sql`select exists (select 1 from ${f}) as found`)).rows[0]?.found === true;

export const hasAnyLeads = async (db: Db) =>
  (await db.execute(sql`select exists (select 1 from ${leads}) as found`)).rows[0]?.found === true;

/**
 * Every lead's facts counted again from the timeline and the leads' own columns (all companies, or
 * one): the same rules the event subscribers apply one change at a time (see report-facts.ts).
 * Office-hours waits are left null; `completeOfficeMinutes` counts them.
 */
export const rebuildLeadFacts = async (db: Db, companyId?: string) => {
  const ofCompany = companyId ? sql`l.company_id = ${companyId}` : sql`true`;
  // Aggregates and joins only (no per-lead subquery): a whole history is one pass over it.
  await db.execute(sql`
    with steps as (
      select e.lead_id,
        min(e.date) filter (where e.data->>'after' in ('CONTACTED','TOUR_SCHEDULED','TOURED','APPLIED','LEASED')) as contacted,
        min(e.date) filter (where e.data->>'after' in ('TOUR_SCHEDULED','TOURED','APPLIED','LEASED')) as tour_scheduled,
        min(e.date) filter (where e.data->>'after' in ('TOURED','APPLIED','LEASED')) as toured,
        min(e.date) filter (where e.data->>'after' in ('APPLIED','LEASED')) as applied,
        min(e.date) filter (where e.data->>'after' = 'LEASED') as leased,
        (array_agg(e.data->>'tourOutcome' order by e.date desc, e.id desc)
          filter (where e.data ? 'tourOutcome'))[1] as tour_outcome
      from conversation_events e join leads l on l.id = e.lead_id
      where e.event_type = 'LEAD_STATUS_CHANGE' and ${ofCompany}
      group by e.lead_id
    ),
    messages as materialized (
      select e.lead_id, e.date, e.id, e.sender_type, e.sent_by_user_id,
        e.sender_type = 'LEAD' as inbound
      from conversation_events e join leads l on l.id = e.lead_id
      where e.event_type in ('SMS', 'EMAIL', 'CALL')
        and e.sender_type in ('LEAD', 'USER', 'ASSISTANT')
        and (e.sending_status is null or e.sending_status::text not in ('SCHEDULED', 'CANCELED'))
        -- A call the team placed counts once the lead answered it.
        and not coalesce(e.event_type = 'CALL' and e.data->>'direction' = 'outbound'
                         and e.data->>'outcome' is distinct from 'answered', false)
        and ${ofCompany}
      union all
      -- A lead's call somebody answered is also the team's response, when it came in.
      select e.lead_id, e.date, e.id, 'USER'::sender_type, null, false
      from conversation_events e join leads l on l.id = e.lead_id
      where e.event_type = 'CALL' and e.data->>'direction' = 'inbound'
        and e.data->>'outcome' = 'answered' and ${ofCompany}
    ),
    message_times as (
      select lead_id,
        min(date) filter (where inbound) as first_inbound_at,
        min(date) filter (where not inbound) as first_outbound_at,
        max(date) filter (where not inbound) as last_outbound_at
      from messages group by lead_id
    ),
    first_reply as (
      select distinct on (m.lead_id) m.lead_id, m.date, m.sender_type, m.sent_by_user_id
      from messages m join message_times t on t.lead_id = m.lead_id
      where not m.inbound and m.date >= t.first_inbound_at
      order by m.lead_id, m.date, m.id
    ),
    base as (
      select l.id, l.company_id, l.property_id, l.status, l.status_changed_at, l.created_at,
        l.lost_reason, t.first_inbound_at, t.first_outbound_at, t.last_outbound_at, s.contacted,
        s.tour_scheduled, s.toured, s.applied, s.leased, s.tour_outcome
      from leads l
      left join message_times t on t.lead_id = l.id
      left join steps s on s.lead_id = l.id
      where ${ofCompany}
    ),
    held as (
      -- A status held without a recorded change (older data) counts from when it was set.
      select b.*,
        coalesce(least(b.first_outbound_at, b.contacted),
          case when b.status in ('CONTACTED','TOUR_SCHEDULED','TOURED','APPLIED','LEASED')
            then coalesce(b.status_changed_at, b.created_at) end) as contacted_at,
        coalesce(b.tour_scheduled,
          case when b.status in ('TOUR_SCHEDULED','TOURED','APPLIED','LEASED')
            then coalesce(b.status_changed_at, b.created_at) end) as tour_scheduled_at,
        coalesce(b.toured,
          case when b.status in ('TOURED','APPLIED','LEASED')
            then coalesce(b.status_changed_at, b.created_at) end) as toured_at,
        coalesce(b.applied,
          case when b.status in ('APPLIED','LEASED')
            then coalesce(b.status_changed_at, b.created_at) end) as applied_at,
        coalesce(b.leased,
          case when b.status = 'LEASED' then coalesce(b.status_changed_at, b.created_at) end) as leased_at
      from base b
    ),
    reached as (
      -- Steps are passed in order: a later one reached means the earlier ones were, then.
      select h.*,
        least(h.contacted_at, h.tour_scheduled_at, h.toured_at, h.applied_at, h.leased_at) as contacted_step,
        least(h.tour_scheduled_at, h.toured_at, h.applied_at, h.leased_at) as tour_scheduled_step,
        least(h.toured_at, h.applied_at, h.leased_at) as toured_step,
        least(h.applied_at, h.leased_at) as applied_step
      from held h
    ),
    touches as (
      select m.lead_id, count(*)::int as touches
      from messages m join reached r on r.id = m.lead_id
      where not m.inbound and (r.tour_scheduled_step is null or m.date < r.tour_scheduled_step)
      group by m.lead_id
    )
    insert into lead_report_facts as f (lead_id, company_id, property_id, first_inbound_at,
      first_response_at, first_responder_kind, first_responder_user_id,
      first_response_office_minutes, contacted_at, tour_scheduled_at, toured_at, applied_at,
      leased_at, lost_at, lost_reason, tour_outcome, touches_before_tour, last_outbound_at)
    select r.id, r.company_id, r.property_id, r.first_inbound_at,
      fr.date, case when fr.sender_type = 'ASSISTANT' then 'assistant' when fr.date is not null then 'user' end,
      fr.sent_by_user_id, null,
      r.contacted_step, r.tour_scheduled_step, r.toured_step, r.applied_step, r.leased_at,
      case when r.status = 'LOST' then coalesce(r.status_changed_at, r.created_at) end,
      case when r.status = 'LOST' then r.lost_reason end,
      r.tour_outcome,
      coalesce(t.touches, 0),
      r.last_outbound_at
    from reached r
    left join first_reply fr on fr.lead_id = r.id
    left join touches t on t.lead_id = r.id
    -- A lead with nothing to count yet gets no row, as one change at a time leaves none.
    where r.first_inbound_at is not null or r.contacted_step is not null
      or r.last_outbound_at is not null or r.status = 'LOST'
    on conflict (lead_id) do update set
      first_inbound_at = excluded.first_inbound_at,
      first_response_at = excluded.first_response_at,
      first_responder_kind = excluded.first_responder_kind,
      first_responder_user_id = excluded.first_responder_user_id,
      first_response_office_minutes = null,
      contacted_at = excluded.contacted_at,
      tour_scheduled_at = excluded.tour_scheduled_at,
      toured_at = excluded.toured_at,
      applied_at = excluded.applied_at,
      leased_at = excluded.leased_at,
      lost_at = excluded.lost_at,
      lost_reason = excluded.lost_reason,
      tour_outcome = excluded.tour_outcome,
      touches_before_tour = excluded.touches_before_tour,
      last_outbound_at = excluded.last_outbound_at`);
};
