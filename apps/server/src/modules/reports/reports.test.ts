import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { DateTime } from 'luxon';
import {
  apiKeyScopes,
  apiPaths,
  integrationPaths,
  type ApiError,
  type CreatedApiKey,
  type FollowUpReport,
  type FunnelReport,
  type ReportLeads,
  type SpeedToLeadReport,
  type WeekHours,
} from '@leasing/contract';
import { leadReportFacts, leads, type LeadRow } from '../../db/schema/index.js';
import { createOffice, createUser, type Office } from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { createTestClock } from '../../test/test-clock.js';
import { useTestApp, type HttpMethod } from '../../test/use-test-app.js';
import { completeOfficeMinutes, rebuildLeadFacts } from './index.js';

/**
 * Twenty leads with known times at one property in Chicago, whose office closes at night and at
 * the weekend, across the end of daylight saving time (Sunday, Nov 1, 2026, 2:00 AM CDT → 1:00 AM
 * CST). Each wait below was counted by hand in office minutes (Mon–Fri 9:00–17:00, Sat
 * 10:00–14:00, Sunday closed), then again under new hours (Mon–Fri 8:00–18:00, weekend closed).
 */
const CASES: { inbound: string; reply: string | null; by: 'ASSISTANT' | 'USER' }[] = [
  // 1. Fri 10:00 → 10:04: 4 | 4
  { inbound: '2026-10-30T10:00:00-05:00', reply: '2026-10-30T10:04:00-05:00', by: 'ASSISTANT' },
  // 2. Fri 16:50 → Sat 10:05: 10 + 5 = 15 | 70 + 0 = 70
  { inbound: '2026-10-30T16:50:00-05:00', reply: '2026-10-31T10:05:00-05:00', by: 'ASSISTANT' },
  // 3. Sat 13:00 CDT → Mon 9:30 CST: 60 + 30 = 90 | 90 (45.5 wall-clock hours: the night is longer)
  { inbound: '2026-10-31T13:00:00-05:00', reply: '2026-11-02T09:30:00-06:00', by: 'ASSISTANT' },
  // 4. Sat 20:00 → Sun 12:00: 0 | 0
  { inbound: '2026-10-31T20:00:00-05:00', reply: '2026-11-01T12:00:00-06:00', by: 'ASSISTANT' },
  // 5. Sun 10:00 → Mon 9:02: 2 | 62
  { inbound: '2026-11-01T10:00:00-06:00', reply: '2026-11-02T09:02:00-06:00', by: 'ASSISTANT' },
  // 6. Mon 8:00 → 9:10: 10 | 70
  { inbound: '2026-11-02T08:00:00-06:00', reply: '2026-11-02T09:10:00-06:00', by: 'USER' },
  // 7. Mon 12:00 → 12:00:30: 0.5 | 0.5
  { inbound: '2026-11-02T12:00:00-06:00', reply: '2026-11-02T12:00:30-06:00', by: 'USER' },
  // 8. Mon 16:00 → Tue 10:00: 60 + 60 = 120 | 120 + 120 = 240
  { inbound: '2026-11-02T16:00:00-06:00', reply: '2026-11-03T10:00:00-06:00', by: 'USER' },
  // 9. Tue 9:00 → 9:45: 45 | 45
  { inbound: '2026-11-03T09:00:00-06:00', reply: '2026-11-03T09:45:00-06:00', by: 'USER' },
  // 10. Tue 11:00 → 11:20: 20 | 20
  { inbound: '2026-11-03T11:00:00-06:00', reply: '2026-11-03T11:20:00-06:00', by: 'USER' },
  // 11. Tue 18:00 → Wed 9:03: 3 | 63
  { inbound: '2026-11-03T18:00:00-06:00', reply: '2026-11-04T09:03:00-06:00', by: 'USER' },
  // 12. Wed 13:00 → 13:07: 7 | 7
  { inbound: '2026-11-04T13:00:00-06:00', reply: '2026-11-04T13:07:00-06:00', by: 'USER' },
  // 13. Wed 14:00 → 16:30: 150 | 150
  { inbound: '2026-11-04T14:00:00-06:00', reply: '2026-11-04T16:30:00-06:00', by: 'USER' },
  // 14. Thu 9:30 → 9:31: 1 | 1
  { inbound: '2026-11-05T09:30:00-06:00', reply: '2026-11-05T09:31:00-06:00', by: 'USER' },
  // 15. Thu 10:00, never answered
  { inbound: '2026-11-05T10:00:00-06:00', reply: null, by: 'USER' },
  // 16. Thu 16:58 → Fri 9:01: 2 + 1 = 3 | 62 + 61 = 123
  { inbound: '2026-11-05T16:58:00-06:00', reply: '2026-11-06T09:01:00-06:00', by: 'USER' },
  // 17. Fri 12:00 → 12:12: 12 | 12
  { inbound: '2026-11-06T12:00:00-06:00', reply: '2026-11-06T12:12:00-06:00', by: 'USER' },
  // 18. Fri 22:00 → Sat 10:30: 30 | 0
  { inbound: '2026-11-06T22:00:00-06:00', reply: '2026-11-07T10:30:00-06:00', by: 'USER' },
  // 19. Sat 15:00, never answered
  { inbound: '2026-11-07T15:00:00-06:00', reply: null, by: 'USER' },
  // 20. Thu Oct 29 8:59 → 9:16: 16 | 17
  { inbound: '2026-10-29T08:59:00-05:00', reply: '2026-10-29T09:16:00-05:00', by: 'USER' },
];

const HOURS: WeekHours = {
  mon: { open: '09:00', close: '17:00' },
  tue: { open: '09:00', close: '17:00' },
  wed: { open: '09:00', close: '17:00' },
  thu: { open: '09:00', close: '17:00' },
  fri: { open: '09:00', close: '17:00' },
  sat: { open: '10:00', close: '14:00' },
  sun: null,
};
const NEW_HOURS: WeekHours = {
  mon: { open: '08:00', close: '18:00' },
  tue: { open: '08:00', close: '18:00' },
  wed: { open: '08:00', close: '18:00' },
  thu: { open: '08:00', close: '18:00' },
  fri: { open: '08:00', close: '18:00' },
  sat: null,
  sun: null,
};

/** The days of the arrivals in the company's zone (New York): Oct 29 – Nov 7. */
const SPEED_RANGE = 'from=2026-10-29&to=2026-11-07';

describe.each(oneDatabase())('reports on $name', (target) => {
  const clock = createTestClock();
  const t = useTestApp(target, { seed: 'none', now: clock.now, env: { LOG_LEVEL: 'error' } });
  let office: Office;
  let other: Office;
  let admin: string;
  let agent: string;
  let agentId: string;
  let otherAdmin: string;
  let key: string;
  let propertyId: string;
  let secondPropertyId: string;
  const scenario: LeadRow[] = [];
  let counter = 0;
  /** Today ± a day in the company's zone: the leads were created today (no midnight flake). */
  let todayRange: string;

  const call = <T>(method: HttpMethod, url: string, as = admin, payload?: unknown) =>
    t.request<T>(method, url, { as, payload });
  const get = <T>(url: string, as = admin) => call<T & ApiError>('GET', url, as);
  const integration = async (method: 'PUT' | 'POST', url: string, payload: unknown) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${key}` },
      payload: payload as Record<string, unknown>,
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response;
  };
  const event = (pmsPropertyId: string, pmsLeadId: string, payload: Record<string, unknown>) => {
    counter += 1;
    return integration('POST', integrationPaths.events(pmsPropertyId, pmsLeadId), {
      externalId: `report-${counter}`,
      ...payload,
    });
  };
  const leadByPmsId = async (pmsLeadId: string) =>
    (
      await t.db
        .select()
        .from(leads)
        .where(and(eq(leads.companyId, office.company.id), eq(leads.pmsLeadId, pmsLeadId)))
    )[0]!;
  const setStatus = async (lead: LeadRow, payload: Record<string, unknown>) =>
    expect((await call('PUT', apiPaths.leadStatus(lead.id), admin, payload)).status).toBe(200);
  const idsOf = (page: ReportLeads) => page.items.map((item) => item._id).sort();

  beforeAll(async () => {
    office = await createOffice(t.db, { staff: { name: 'Dana Whitfield' } });
    other = await createOffice(t.db);
    admin = await t.signIn(office.staff.credentials);
    const agentUser = await createUser(t.db, office.company.id, {
      role: 'agent',
      name: 'Alex Kim',
    });
    agentId = agentUser.user.id;
    agent = await t.signIn(agentUser.credentials);
    otherAdmin = await t.signIn(other.staff.credentials);
    key = (
      await call<CreatedApiKey>('POST', '/api/api-keys', admin, {
        name: 'PMS',
        scopes: [...apiKeyScopes],
      })
    ).body.key;
    const today = DateTime.fromJSDate(clock.now(), { zone: 'America/New_York' });
    todayRange = `from=${today.minus({ days: 1 }).toISODate()}&to=${today.plus({ days: 1 }).toISODate()}`;

    await integration('PUT', integrationPaths.property('RPT-1'), { name: 'Lakeview' });
    await integration('PUT', integrationPaths.property('RPT-2'), { name: 'Hillcrest' });
    propertyId = (await leadByPropertyPms('RPT-1'))!;
    secondPropertyId = (await leadByPropertyPms('RPT-2'))!;
    const hours = await call('PUT', apiPaths.propertyOfficeHours(propertyId), admin, {
      timeZone: 'America/Chicago',
      hours: HOURS,
    });
    expect(hours.status).toBe(200);

    for (const [index, item] of CASES.entries()) {
      const pmsLeadId = `RPT-L-${index + 1}`;
      await integration('PUT', integrationPaths.lead('RPT-1', pmsLeadId), {
        name: `Report lead ${index + 1}`,
        phone: `+1555020${String(index + 1).padStart(4, '0')}`,
      });
      await event('RPT-1', pmsLeadId, {
        eventType: 'SMS',
        senderType: 'LEAD',
        body: 'Is the two-bedroom still available?',
        date: new Date(item.inbound).toISOString(),
      });
      if (item.reply) {
        await event('RPT-1', pmsLeadId, {
          eventType: 'SMS',
          senderType: item.by,
          senderName: item.by === 'ASSISTANT' ? 'Assistant' : 'Dana Whitfield',
          body: 'Yes! When would you like to see it?',
          date: new Date(item.reply).toISOString(),
        });
      }
      scenario.push(await leadByPmsId(pmsLeadId));
    }
    // Two leads at the second property, never written to.
    for (const pmsLeadId of ['RPT-H-1', 'RPT-H-2']) {
      await integration('PUT', integrationPaths.lead('RPT-2', pmsLeadId), { name: pmsLeadId });
    }

    // The pipeline: 1–6 had a tour scheduled, 1–3 toured, 1–2 applied, 1 leased; 7 applied
    // without a tour on record (it passes Tour scheduled and Toured then); 8 and 9 were lost.
    for (const lead of scenario.slice(0, 6)) await setStatus(lead, { status: 'TOUR_SCHEDULED' });
    for (const lead of scenario.slice(0, 3)) await setStatus(lead, { status: 'TOURED' });
    for (const lead of scenario.slice(0, 2)) await setStatus(lead, { status: 'APPLIED' });
    await setStatus(scenario[0]!, { status: 'LEASED' });
    await setStatus(scenario[6]!, { status: 'APPLIED' });
    await setStatus(scenario[7]!, { status: 'LOST', lostReason: 'Price' });
    await setStatus(scenario[8]!, { status: 'LOST', lostReason: 'Price' });
    // The agent owns leads 1–4.
    for (const lead of scenario.slice(0, 4)) {
      const assigned = await call('PUT', apiPaths.leadOwner(lead.id), admin, {
        owner: { kind: 'user', userId: agentId },
      });
      expect(assigned.status, assigned.text).toBe(200);
    }
  });

  async function leadByPropertyPms(pmsPropertyId: string) {
    const { properties } = await import('../../db/schema/index.js');
    return (
      await t.db
        .select({ id: properties.id })
        .from(properties)
        .where(
          and(
            eq(properties.companyId, office.company.id),
            eq(properties.pmsPropertyId, pmsPropertyId),
          ),
        )
    )[0]?.id;
  }

  it('counts speed-to-lead in office hours as computed by hand, across a daylight saving change', async () => {
    const report = await get<SpeedToLeadReport>(`${apiPaths.reportsSpeedToLead}?${SPEED_RANGE}`);
    expect(report.status).toBe(200);
    expect(report.body.range).toMatchObject({ timeZone: 'America/New_York', from: '2026-10-29' });
    expect(report.body.total).toEqual({
      arrived: 20,
      answered: 18,
      neverAnswered: 2,
      // Sorted: 0, 0.5, 1, 2, 3, 3, 4, 7, 10, 12, 15, 16, 20, 30, 45, 90, 120, 150.
      medianMinutes: 11,
      p90Minutes: expect.closeTo(99, 6),
      medianWallMinutes: expect.any(Number),
      withinTarget: 11,
      within5Minutes: 7,
      withinHour: 15,
    });
    expect(report.body.targetMinutes).toBe(15);
    // The assistant answered 1–5 (4, 15, 90, 0, 2); people the rest.
    expect(report.body.byResponder.assistant).toMatchObject({ answered: 5, medianMinutes: 4 });
    expect(report.body.byResponder.people).toMatchObject({ answered: 13, medianMinutes: 12 });
    // Nothing arrived in the ten days before.
    expect(report.body.previousRange).toMatchObject({ from: '2026-10-19', to: '2026-10-28' });
    expect(report.body.previous.arrived).toBe(0);
    // Tuesday Nov 3, 9:00 in Chicago is 10 AM in New York: one arrival, answered in 45 minutes.
    expect(report.body.heatmap).toContainEqual({
      weekday: 2,
      hour: 10,
      arrived: 1,
      medianMinutes: 45,
    });
    expect(report.body.heatmap.reduce((sum, cell) => sum + cell.arrived, 0)).toBe(20);
  });

  it('opens each figure onto exactly the leads it counts', async () => {
    const within = await get<ReportLeads>(
      `${apiPaths.reportsLeads}?${SPEED_RANGE}&figure=within_target`,
    );
    expect(within.status).toBe(200);
    const waits = [4, 15, 90, 0, 2, 10, 0.5, 120, 45, 20, 3, 7, 150, 1, null, 3, 12, 30, null, 16];
    const expected = scenario.filter((_, index) => waits[index] !== null && waits[index]! <= 15);
    expect(idsOf(within.body)).toEqual(expected.map((lead) => lead.id).sort());
    expect(within.body.total).toBe(11);
    expect(within.body.description).toBe(
      'Leads whose first message came Oct 29 – Nov 7, 2026, answered within 15 office minutes',
    );
    const never = await get<ReportLeads>(
      `${apiPaths.reportsLeads}?${SPEED_RANGE}&figure=never_answered`,
    );
    expect(idsOf(never.body)).toEqual([scenario[14]!.id, scenario[18]!.id].sort());
    const cell = await get<ReportLeads>(
      `${apiPaths.reportsLeads}?${SPEED_RANGE}&figure=arrived&weekday=2&hour=10`,
    );
    expect(idsOf(cell.body)).toEqual([scenario[8]!.id]);

    // Paged: two pages of 12 and 8, nothing twice.
    const first = await get<ReportLeads>(
      `${apiPaths.reportsLeads}?${SPEED_RANGE}&figure=arrived&limit=12`,
    );
    expect(first.body.items).toHaveLength(12);
    const second = await get<ReportLeads>(
      `${apiPaths.reportsLeads}?${SPEED_RANGE}&figure=arrived&limit=12&cursor=${first.body.nextCursor}`,
    );
    expect(second.body.nextCursor).toBeNull();
    expect(new Set([...idsOf(first.body), ...idsOf(second.body)]).size).toBe(20);
  });

  it('counts the funnel in both views, grouped, with lost reasons, and its leads agree', async () => {
    const cohort = await get<FunnelReport>(`${apiPaths.reportsFunnel}?${todayRange}&view=cohort`);
    expect(cohort.status).toBe(200);
    // 22 leads created today; 18 contacted (answered); 7 passed Tour scheduled (1–6, and 7 by
    // applying); 4 toured (1–3, 7); 3 applied (1, 2, 7); 1 leased; 2 lost.
    expect(cohort.body.total).toEqual({
      leads: 22,
      contacted: 18,
      tour_scheduled: 7,
      toured: 4,
      applied: 3,
      leased: 1,
      lost: 2,
    });
    expect(cohort.body.lostReasons).toEqual([{ reason: 'Price', count: 2 }]);
    const activity = await get<FunnelReport>(
      `${apiPaths.reportsFunnel}?${todayRange}&view=activity`,
    );
    // The messages were dated in early November: in today's activity only the status moves count
    // (18 automatic moves to Contacted happened today, when the replies were stored).
    expect(activity.body.total).toMatchObject({ leads: 22, tour_scheduled: 7, leased: 1, lost: 2 });
    const november = await get<FunnelReport>(
      `${apiPaths.reportsFunnel}?${SPEED_RANGE}&view=activity`,
    );
    expect(november.body.total).toMatchObject({ leads: 0, contacted: 18, tour_scheduled: 0 });

    const byProperty = await get<FunnelReport>(
      `${apiPaths.reportsFunnel}?${todayRange}&groupBy=property`,
    );
    expect(byProperty.body.groups.map((group) => [group.label, group.figures.leads])).toEqual([
      ['Lakeview', 20],
      ['Hillcrest', 2],
    ]);
    const bySource = await get<FunnelReport>(
      `${apiPaths.reportsFunnel}?${todayRange}&groupBy=source`,
    );
    // No lead was given a source: one group, under its name, with the total's counts.
    expect(bySource.body.groups).toEqual([
      { key: 'none', label: 'No source', figures: bySource.body.total },
    ]);
    const hillcrest = await get<FunnelReport>(
      `${apiPaths.reportsFunnel}?${todayRange}&propertyId=${secondPropertyId}`,
    );
    expect(hillcrest.body.total.leads).toBe(2);

    const toured = await get<ReportLeads>(
      `${apiPaths.reportsLeads}?${todayRange}&figure=toured&groupBy=property&group=${propertyId}`,
    );
    expect(idsOf(toured.body)).toEqual(
      [scenario[0]!, scenario[1]!, scenario[2]!, scenario[6]!].map((lead) => lead.id).sort(),
    );
    expect(toured.body.description).toMatch(
      /^Leads created .* that reached Toured · property Lakeview$/,
    );
    const lost = await get<ReportLeads>(
      `${apiPaths.reportsLeads}?${todayRange}&figure=lost&reason=Price`,
    );
    expect(idsOf(lost.body)).toEqual([scenario[7]!.id, scenario[8]!.id].sort());
  });

  it('shows an agent their own leads only, in the page, the API and the export', async () => {
    const mine = await get<FunnelReport>(`${apiPaths.reportsFunnel}?${todayRange}`, agent);
    expect(mine.status).toBe(200);
    // Leads 1–4: all contacted, all scheduled a tour, 1–3 toured, 1–2 applied, 1 leased.
    expect(mine.body.total).toEqual({
      leads: 4,
      contacted: 4,
      tour_scheduled: 4,
      toured: 3,
      applied: 2,
      leased: 1,
      lost: 0,
    });
    const ownKey = await get<FunnelReport>(
      `${apiPaths.reportsFunnel}?${todayRange}&owner=user:${agentId}`,
      agent,
    );
    expect(ownKey.status).toBe(200);
    const others = await get<FunnelReport>(
      `${apiPaths.reportsFunnel}?${todayRange}&owner=unassigned`,
      agent,
    );
    expect(others.status).toBe(403);
    const byOwner = await get<FunnelReport>(
      `${apiPaths.reportsFunnel}?${todayRange}&groupBy=owner`,
      agent,
    );
    expect(byOwner.body.groups.map((group) => group.key)).toEqual([`user:${agentId}`]);
    const leadsOfAgent = await get<ReportLeads>(
      `${apiPaths.reportsLeads}?${todayRange}&figure=leads`,
      agent,
    );
    expect(idsOf(leadsOfAgent.body)).toEqual(
      scenario
        .slice(0, 4)
        .map((lead) => lead.id)
        .sort(),
    );
    const csv = await call('GET', `${apiPaths.reportsLeadsCsv}?${todayRange}`, agent);
    const rows = parse(csv.text, { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.Lead).sort()).toEqual(
      scenario
        .slice(0, 4)
        .map((lead) => lead.name)
        .sort(),
    );
    // The company's admin, as the positive control, sees all 22.
    const all = await get<FunnelReport>(`${apiPaths.reportsFunnel}?${todayRange}`);
    expect(all.body.total.leads).toBe(22);
  });

  it("never mixes another company's figures, and keys read the same reports", async () => {
    const foreign = await get<FunnelReport>(`${apiPaths.reportsFunnel}?${todayRange}`, otherAdmin);
    expect(foreign.status).toBe(200);
    expect(foreign.body.total.leads).toBe(0);
    const foreignProperty = await get<FunnelReport>(
      `${apiPaths.reportsFunnel}?${todayRange}&propertyId=${propertyId}`,
      otherAdmin,
    );
    expect(foreignProperty.status).toBe(404);
    const byKey = await t.app.inject({
      method: 'GET',
      url: `/api/integrations/v1/reports/speed-to-lead?${SPEED_RANGE}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(byKey.statusCode).toBe(200);
    expect((JSON.parse(byKey.body) as SpeedToLeadReport).total.medianMinutes).toBe(11);
    const narrowKey = (
      await call<CreatedApiKey>('POST', '/api/api-keys', admin, {
        name: 'Reader of leads',
        scopes: ['leads:read'],
      })
    ).body.key;
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/integrations/v1/reports/speed-to-lead?${SPEED_RANGE}`,
      headers: { authorization: `Bearer ${narrowKey}` },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('answers bad input with the field that is wrong', async () => {
    const backwards = await get(`${apiPaths.reportsFunnel}?from=2026-11-07&to=2026-11-01`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.details).toEqual([
      expect.objectContaining({ path: 'querystring.to' }),
    ]);
    const notADay = await get(`${apiPaths.reportsFunnel}?from=2026-02-30x&to=2026-03-01`);
    expect(notADay.status).toBe(400);
    const badCursor = await get(
      `${apiPaths.reportsLeads}?${SPEED_RANGE}&figure=arrived&cursor=nonsense`,
    );
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.error.details).toEqual([
      expect.objectContaining({ path: 'querystring.cursor' }),
    ]);
  });

  it('exports one row per lead that agrees with the page', async () => {
    const csv = await call('GET', `${apiPaths.reportsLeadsCsv}?${todayRange}`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const rows = parse(csv.text, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(22);
    const third = rows.find((row) => row.Lead === 'Report lead 3')!;
    expect(third).toMatchObject({
      Property: 'Lakeview',
      'First response (office minutes)': '90.0',
      // Sat 13:00 CDT to Mon 9:30 CST: 44.5 hours on the clock, plus the hour given back.
      'First response (minutes)': String((45.5 * 60).toFixed(1)),
      Toured: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
      Status: 'Toured',
    });
    const owners = await call('GET', `${apiPaths.reportsLeadsCsv}?${todayRange}&rows=owners`);
    const ownerRows = parse(owners.text, { columns: true }) as Record<string, string>[];
    expect(ownerRows.find((row) => row.Owner === 'Alex Kim')).toMatchObject({ Leads: '4' });
  });

  it('counts a step the property-management system reports on the day it happened', async () => {
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: integrationPaths.status('RPT-1', 'RPT-L-10'),
        headers: { authorization: `Bearer ${key}` },
        payload,
      });
    const future = await put({
      status: 'APPLIED',
      occurredAt: new Date(clock.now().getTime() + 3_600_000).toISOString(),
    });
    expect(future.statusCode).toBe(400);
    expect(JSON.parse(future.body).error.details).toEqual([
      expect.objectContaining({ path: 'body.occurredAt' }),
    ]);
    const applied = await put({ status: 'APPLIED', occurredAt: '2026-11-05T15:00:00.000Z' });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(JSON.parse(applied.body).event).toMatchObject({
      eventType: 'LEAD_STATUS_CHANGE',
      date: '2026-11-05T15:00:00.000Z',
    });
    // Lead 10 was answered on Nov 3; on Nov 5 it applied, passing Tour scheduled and Toured. That
    // morning the team also answered lead 14 (its contact counts that day).
    const day = await get<FunnelReport>(
      `${apiPaths.reportsFunnel}?from=2026-11-05&to=2026-11-05&view=activity`,
    );
    expect(day.body.total).toEqual({
      leads: 0,
      contacted: 1,
      tour_scheduled: 1,
      toured: 1,
      applied: 1,
      leased: 0,
      lost: 0,
    });
    const behind = await get<ReportLeads>(
      `${apiPaths.reportsLeads}?from=2026-11-05&to=2026-11-05&view=activity&figure=applied`,
    );
    expect(idsOf(behind.body)).toEqual([scenario[9]!.id]);
    expect(behind.body.description).toBe('Leads that reached Applied Nov 5, 2026');
  });

  it('keeps the same facts one change at a time as a rebuild from the timeline', async () => {
    const snapshot = async () =>
      (
        await t.db
          .select()
          .from(leadReportFacts)
          .where(eq(leadReportFacts.companyId, office.company.id))
      ).sort((a, b) => a.leadId.localeCompare(b.leadId));
    const kept = await snapshot();
    expect(kept.filter((row) => row.firstResponseAt !== null)).toHaveLength(18);
    await t.db.transaction(async (db) => {
      await rebuildLeadFacts(db, office.company.id);
      await completeOfficeMinutes(db);
    });
    expect(await snapshot()).toEqual(kept);
  });

  it('counts the waits again when the office hours change, as computed by hand', async () => {
    const changed = await call('PUT', apiPaths.propertyOfficeHours(propertyId), admin, {
      timeZone: 'America/Chicago',
      hours: NEW_HOURS,
    });
    expect(changed.status).toBe(200);
    const report = await get<SpeedToLeadReport>(`${apiPaths.reportsSpeedToLead}?${SPEED_RANGE}`);
    // Sorted: 0, 0, 0.5, 1, 4, 7, 12, 17, 20, 45, 62, 63, 70, 70, 90, 123, 150, 240.
    expect(report.body.total).toMatchObject({
      answered: 18,
      medianMinutes: 32.5,
      p90Minutes: expect.closeTo(131.1, 6),
      withinTarget: 7,
      within5Minutes: 5,
      withinHour: 10,
    });
  });

  it('reports follow-up discipline by owner', async () => {
    const report = await get<FollowUpReport>(`${apiPaths.reportsFollowUp}?${todayRange}`);
    expect(report.status).toBe(200);
    // Open: 22 less 1 leased and 2 lost. The team last wrote in early November to the 15 open
    // leads it answered; the 2 never answered and the 2 Hillcrest leads were created just now.
    // Every Lakeview lead last spoke in early November: 17 open ones are silent.
    expect(report.body.total).toMatchObject({ open: 19, noContact48h: 15, silent7d: 17 });
    expect(report.body.total).toMatchObject({ toursScheduled: 7, averageTouchesBeforeTour: 1 });
    clock.advance(8 * 24 * 3_600_000);
    const later = await get<FollowUpReport>(
      `${apiPaths.reportsFollowUp}?${todayRange}`,
      await t.signIn(office.staff.credentials),
    );
    // Eight days on: the two Hillcrest leads were never written to; every open lead is silent.
    expect(later.body.total).toMatchObject({ open: 19, noContact48h: 19, silent7d: 19 });
    const agentGroup = later.body.groups.find((group) => group.key === `user:${agentId}`);
    // The agent's open leads: 2, 3 and 4 (1 is leased).
    expect(agentGroup?.figures.open).toBe(3);
  });
});
