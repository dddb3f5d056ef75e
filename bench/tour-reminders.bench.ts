// Issue 27: 5,000 tour reminders due in the same minute are sent once each, none early, none in
// quiet hours. The tours are booked through the booking service (`bookTour`), which schedules the
// confirmation and the one-hour reminder as in production, at 50 a slot in 100 properties of five
// companies, each company texting from its own number through the loopback fake Twilio. Four
// companies keep the default quiet hours (8 AM to 9 PM in the lead's zone), one has them off, as
// the test factories do. Most leads are on the property's clock (late morning when the reminders
// fall due); some are at the window's closing edge (8:59 PM), a minute before it opens (7:59 AM),
// in the night (2:59 AM), or wherever their phone's area code is. The reminders fall due at the
// first minute :59 (UTC) after the bookings and the confirmations, so every edge is a minute away.
// Usage: npm run bench:tour-reminders   (BENCH_TOURS, BENCH_MPS, BENCH_BOOKERS, BENCH_DUE_MINUTE,
// BENCH_SETUP_SECONDS)
import { sql } from 'drizzle-orm';
import {
  apiPaths,
  DEFAULT_COMPANY_TOUR_SETTINGS,
  DEFAULT_TOUR_AVAILABILITY,
  type TourAvailability,
  type WeekHours,
} from '@leasing/contract';
import { buildApp } from '../apps/server/src/app.js';
import {
  leads,
  properties,
  type CompanyRow,
  type LeadRow,
  type UserRow,
} from '../apps/server/src/db/schema/index.js';
import { leadTimeZoneOf } from '../apps/server/src/modules/scheduling/index.js';
import { bookTour, tourBookingDepsOf } from '../apps/server/src/modules/tours/index.js';
import { createCompany, createPhoneNumber, createUser } from '../apps/server/src/test/factories.js';
import { startFakeTwilio, type ReceivedSms } from '../apps/server/src/test/fake-twilio.js';
import { bearer, login, openFreshPostgres, testConfig } from '../apps/server/src/test/test-app.js';

const TOURS = Number(process.env.BENCH_TOURS ?? 5_000);
const MPS = Number(process.env.BENCH_MPS ?? 50);
const BOOKERS = Number(process.env.BENCH_BOOKERS ?? 8);
/** The minute of the hour (UTC) the reminders fall due: at :59 every quiet-hours edge is next. */
const DUE_MINUTE = Number(process.env.BENCH_DUE_MINUTE ?? 59);
/** What the bookings and the confirmations take before the reminders may fall due (measured). */
const SETUP_SECONDS = Number(process.env.BENCH_SETUP_SECONDS ?? 60 + TOURS * 0.06);
const CAPACITY = 50;
const PROPERTIES = Math.ceil(TOURS / CAPACITY);
const NUMBERS = ['+15125550911', '+15125550912', '+15125550913', '+15125550914', '+15125550915'];
/** The company (by index) whose quiet hours are off. */
const POLICY_OFF = 4;
const AREA_CODES = ['212', '312', '303', '415', '808', '907'];
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const OPENS = 8 * 60;
const CLOSES = 21 * 60;
const pgBase =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const count = (n: number) => n.toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** A fixed-offset zone (`Etc/GMT-3` is UTC+3) where `instant` falls in the hour `hour`. */
const zoneWhere = (instant: Date, hour: number) => {
  const east = (hour - instant.getUTCHours() + 48) % 24;
  const offset = east > 14 ? east - 24 : east;
  return {
    zone: offset === 0 ? 'Etc/UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`,
    offset,
  };
};

const formats = new Map<string, Intl.DateTimeFormat>();
/** Minutes since local midnight (with the seconds as a fraction) at `at` in `zone`. */
const localMinutes = (zone: string, at: number) => {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, format);
  }
  const part = (type: string, parts: Intl.DateTimeFormatPart[]) =>
    Number(parts.find((p) => p.type === type)!.value);
  const parts = format.formatToParts(at);
  return (
    part('hour', parts) * 60 +
    part('minute', parts) +
    (part('second', parts) + (at % 1000) / 1000) / 60
  );
};

/** The wall clock (`20:59:07`) at `at` in `zone`. */
const clockAt = (zone: string, at: number) => {
  const minutes = localMinutes(zone, at);
  const pad = (n: number) => String(Math.floor(n)).padStart(2, '0');
  return `${pad(minutes / 60)}:${pad(minutes % 60)}:${pad((minutes * 60) % 60)}`;
};

/** The busiest second of a number at the provider: most messages in any 1 s window. */
const busiestSecond = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < sorted.length; i += 1) {
    while (sorted[i]! - sorted[j]! >= 1000) j += 1;
    best = Math.max(best, i - j + 1);
  }
  return best;
};

type Group = 'property clock' | 'closing edge' | 'opening edge' | 'night' | 'area code';
const groupOf = (index: number): Group => {
  const slot = index % 100;
  if (slot < 3) return 'opening edge';
  if (slot < 6) return 'closing edge';
  if (slot < 10) return 'night';
  if (slot < 15) return 'area code';
  return 'property clock';
};
/** The hour of the lead's clock (its integration's zone) when the reminders fall due. */
const groupHour: Partial<Record<Group, number>> = {
  'opening edge': 7,
  'closing edge': 20,
  night: 2,
};
const atDue = (hour: number) =>
  `${hour % 12 || 12}:${String(DUE_MINUTE).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
const groupLabel: Record<Group, string> = {
  'property clock': `the property's clock (${atDue(11)})`,
  'area code': `area codes ${AREA_CODES.join(', ')} (their zones)`,
  'closing edge': `closing edge (${atDue(20)})`,
  'opening edge': `opening edge (${atDue(7)})`,
  night: `night (${atDue(2)})`,
};
const POLICY_OFF_LABEL = 'quiet hours off (every kind of lead)';

/** Tours all day every day; the tours' day opens at their minute (an exception). */
const ALWAYS_OPEN = Object.fromEntries(
  ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [
    day,
    { open: '00:00', close: '23:59' },
  ]),
) as WeekHours;

const runStarted = Date.now();
const database = await openFreshPostgres(pgBase, { poolSize: 30 });
const { db } = database;
const fake = await startFakeTwilio();
const app = await buildApp({
  config: testConfig({
    ...fake.env(NUMBERS[0]!),
    TWILIO_MPS: String(MPS),
    PUBLIC_URL: 'http://127.0.0.1:9', // status callbacks are not the subject here: they go nowhere
  }),
  database,
});
try {
  // When the reminders fall due (R) and the tours start (an hour later): far enough ahead for the
  // bookings and the confirmations to be done, on the minute DUE_MINUTE.
  const earliest = Date.now() + SETUP_SECONDS * 1000;
  let dueMs = Math.ceil(earliest / MINUTE) * MINUTE;
  while (new Date(dueMs).getUTCMinutes() !== DUE_MINUTE) dueMs += MINUTE;
  const due = new Date(dueMs);
  const start = new Date(dueMs + HOUR);
  // The properties' clock reads about noon at the tour's start (11:59 AM when it falls due).
  const place = zoneWhere(start, 12);
  const local = new Date(start.getTime() + place.offset * HOUR).toISOString();
  const [day, minute] = [local.slice(0, 10), local.slice(11, 16)];

  // Five companies, each with its admin, its number and one reminder an hour before the tour.
  const companies: {
    company: CompanyRow;
    admin: UserRow;
    token: string;
    policyOn: boolean;
    number: string;
  }[] = [];
  for (const [index, number] of NUMBERS.entries()) {
    const policyOn = index !== POLICY_OFF;
    const company = await createCompany(db, {
      name: `Bench Company ${index}`,
      ...(policyOn
        ? { quietHoursStart: '08:00', quietHoursEnd: '21:00', quietHoursStateRules: true }
        : {}),
    });
    await createPhoneNumber(db, company.id, number);
    const admin = await createUser(db, company.id, { role: 'admin' });
    const { token } = await login(app, admin.credentials);
    const settings = await app.inject({
      method: 'PUT',
      url: apiPaths.tourSettings,
      headers: bearer(token),
      payload: { ...DEFAULT_COMPANY_TOUR_SETTINGS, reminderHours: [1] },
    });
    if (settings.statusCode !== 200) throw new Error(`tour settings: ${settings.body}`);
    companies.push({ company, admin: admin.user, token, policyOn, number });
  }

  // The properties: no number of their own (each company texts from its one number), 50 places
  // in a 10-minute in-person slot that starts at the tour's minute that day.
  const availability: TourAvailability = {
    ...DEFAULT_TOUR_AVAILABILITY,
    kinds: {
      ...DEFAULT_TOUR_AVAILABILITY.kinds,
      IN_PERSON: { enabled: true, lengthMinutes: 10, bufferMinutes: 0, capacity: CAPACITY },
    },
    hours: ALWAYS_OPEN,
    exceptions: [{ from: day, to: day, hours: { open: minute, close: '23:59' }, label: 'Bench' }],
    minNoticeMinutes: 0,
    maxDaysAhead: 7,
  };
  const propertyRows = await db
    .insert(properties)
    .values(
      Array.from({ length: PROPERTIES }, (_, index) => ({
        companyId: companies[index % companies.length]!.company.id,
        pmsPropertyId: `BENCH-P${index}`,
        name: `Bench Property ${index}`,
        address: `${index + 1} Bench Street`,
        timeZone: place.zone,
      })),
    )
    .returning();
  propertyRows.sort((a, b) => Number(a.pmsPropertyId.slice(7)) - Number(b.pmsPropertyId.slice(7)));
  for (const property of propertyRows) {
    const owner = companies.find((c) => c.company.id === property.companyId)!;
    const response = await app.inject({
      method: 'PUT',
      url: apiPaths.propertyTourAvailability(property.id),
      headers: bearer(owner.token),
      payload: availability,
    });
    if (response.statusCode !== 200) throw new Error(`availability: ${response.body}`);
  }

  // One lead per tour, round the properties (bookings side by side are at different properties).
  let areaLeads = 0;
  const leadValues = Array.from({ length: TOURS }, (_, index) => {
    const property = propertyRows[index % PROPERTIES]!;
    const group = groupOf(index);
    const hour = groupHour[group];
    let phone = `+1555${String(index).padStart(7, '0')}`;
    if (group === 'area code') {
      const area = AREA_CODES[areaLeads % AREA_CODES.length]!;
      phone = `+1${area}555${String(Math.floor(areaLeads / AREA_CODES.length)).padStart(4, '0')}`;
      areaLeads += 1;
    }
    return {
      companyId: property.companyId,
      propertyId: property.id,
      pmsLeadId: `BENCH-L${index}`,
      name: `Bench Lead ${index}`,
      phone,
      email: null,
      // The zone an integration gave, read when each text leaves.
      timeZone: hour === undefined ? null : zoneWhere(due, hour).zone,
    };
  });
  const leadRows: LeadRow[] = [];
  for (let from = 0; from < leadValues.length; from += 1000) {
    leadRows.push(
      ...(await db
        .insert(leads)
        .values(leadValues.slice(from, from + 1000))
        .returning()),
    );
  }
  leadRows.sort((a, b) => Number(a.pmsLeadId.slice(7)) - Number(b.pmsLeadId.slice(7)));

  // What each lead's reminder should do, from its zone (the integration's; else the area code's,
  // as the app reads it; a 555 number has none: the property's) and our own reading of the clock.
  const expectations = await Promise.all(
    leadRows.map(async (lead, index) => {
      const owner = companies.find((c) => c.company.id === lead.companyId)!;
      const zone =
        lead.timeZone ??
        (groupOf(index) === 'area code'
          ? (
              await leadTimeZoneOf({
                timeZone: null,
                phone: lead.phone,
                propertyTimeZone: place.zone,
              })
            ).zone
          : place.zone);
      const at = localMinutes(zone, dueMs);
      const allowed = !owner.policyOn || (at >= OPENS && at < CLOSES);
      const opensAt = dueMs + ((at < OPENS ? OPENS : OPENS + 24 * 60) - at) * MINUTE;
      const outcome: 'at due' | 'held' | 'not sent' = allowed
        ? 'at due'
        : opensAt < start.getTime()
          ? 'held'
          : 'not sent';
      return { lead, index, group: groupOf(index), zone, policyOn: owner.policyOn, outcome };
    }),
  );
  const byPhone = new Map(expectations.map((e) => [e.lead.phone!, e]));
  const inQuietHours = (message: ReceivedSms) => {
    const e = byPhone.get(message.to);
    if (!e?.policyOn) return false;
    const at = localMinutes(e.zone, message.receivedAt);
    return at < OPENS || at >= CLOSES;
  };

  console.log(
    `${count(TOURS)} tours at ${start.toISOString()} in ${PROPERTIES} properties (${place.zone}, ${minute} local) of ${companies.length} companies, reminders due ${due.toISOString()}; ${companies.length} numbers at ${MPS} msg/s each, PostgreSQL`,
  );

  // The bookings, as staff make them: each in its transaction with its texts and their jobs.
  const deps = tourBookingDepsOf(app, () => new Date(), app.services.messaging.storage);
  const failures = new Map<string, number>();
  let next = 0;
  const bookingStarted = Date.now();
  await Promise.all(
    Array.from({ length: BOOKERS }, async () => {
      while (next < leadRows.length) {
        const lead = leadRows[next++]!;
        const { admin } = companies.find((c) => c.company.id === lead.companyId)!;
        try {
          await bookTour(
            deps,
            lead.companyId,
            lead.id,
            { start: start.toISOString(), type: 'IN_PERSON' },
            {
              actor: { kind: 'user', userId: admin.id, name: admin.name },
              userId: admin.id,
              source: 'STAFF',
            },
          );
        } catch (error) {
          const code = (error as { code?: string }).code ?? (error as Error).message;
          failures.set(code, (failures.get(code) ?? 0) + 1);
        }
      }
    }),
  );
  const bookingMs = Date.now() - bookingStarted;
  const booked = TOURS - [...failures.values()].reduce((a, b) => a + b, 0);
  console.log(
    `booked ${count(booked)} tours in ${seconds(bookingMs)} (${(booked / (bookingMs / 1000)).toFixed(0)}/s, ${BOOKERS} at a time)${failures.size ? `; failed: ${JSON.stringify(Object.fromEntries(failures))}` : ''}`,
  );

  type TextRow = {
    lead_id: string;
    sending_status: string;
    scheduled_at: Date;
    created_at: Date;
    /** When it was released (SCHEDULED → PENDING): the timeline's date of a released message. */
    date: Date;
    canceled_reason: string | null;
  };
  const textsOf = async (what: 'confirmation' | 'reminder') =>
    (
      await db.execute<TextRow>(sql`
        select lead_id, sending_status, scheduled_at, created_at, date,
               data->>'canceledReason' as canceled_reason
        from conversation_events where data->>'tourText' = ${what}`)
    ).rows;
  /**
   * Where a kind of text stands: how many are due and not at the provider yet (scheduled for now
   * or earlier, released, or waiting for their number's slot), and the last time one is held to.
   */
  const progressOf = async (what: 'confirmation' | 'reminder') =>
    (
      await db.execute<{ leaving: number; held_until: Date | null }>(sql`
        select count(*) filter (
                 where (sending_status = 'SCHEDULED' and scheduled_at <= now())
                    or sending_status = 'PENDING'
                    or (sending_status = 'IN_PROGRESS' and provider_message_id is null)
               )::int as leaving,
               max(scheduled_at) filter (where sending_status = 'SCHEDULED') as held_until
        from conversation_events where data->>'tourText' = ${what}`)
    ).rows[0]!;

  // The confirmations leave at once: they drain before the reminders fall due.
  while ((await progressOf('confirmation')).leaving > 0) await sleep(1000);
  const confirmationsDoneMs = Date.now() - bookingStarted;
  const slack = dueMs - Date.now();
  console.log(
    `confirmations drained ${seconds(confirmationsDoneMs)} after the first booking; the reminders fall due ${seconds(slack)} later`,
  );
  if (slack < 5_000)
    console.log('WARNING: the setup ran into the reminder minute; raise BENCH_SETUP_SECONDS');

  // The reminders: until every one has left or ended otherwise (held ones wait for their edge),
  // giving up 10 minutes after the last time one is due or held to.
  await sleep(dueMs - Date.now());
  for (;;) {
    const { leaving, held_until: heldUntil } = await progressOf('reminder');
    if (leaving === 0 && !heldUntil) break;
    if (Date.now() > Math.max(dueMs, heldUntil ? new Date(heldUntil).getTime() : 0) + 10 * MINUTE)
      break;
    await sleep(1000);
  }
  // A little longer: a duplicate would arrive after the last distinct message.
  await sleep(5_000);
  const finishedMs = Date.now();

  const reminderRows = await textsOf('reminder');
  const confirmationRows = await textsOf('confirmation');
  const reminderOf = new Map(reminderRows.map((row) => [row.lead_id, row]));
  const reminders = fake.received.filter((m) => m.body.startsWith('Reminder:'));
  const confirmations = fake.received.filter((m) => m.body.startsWith('Your tour of'));
  const remindersTo = new Map<string, ReceivedSms[]>();
  for (const message of reminders)
    remindersTo.set(message.to, [...(remindersTo.get(message.to) ?? []), message]);
  const isLeft = (row: TextRow | undefined) =>
    row?.sending_status === 'SCHEDULED' || row?.sending_status === 'PENDING';
  const tooLate = (row: TextRow | undefined) =>
    row?.sending_status === 'CANCELED' && row.canceled_reason === 'TOO_LATE';

  const emptyTally = () => ({
    leads: 0,
    atDue: 0,
    held: 0,
    notSent: 0,
    sent: 0,
    heldThenSent: 0,
    tooLate: 0,
    lost: 0,
    duplicates: 0,
    early: 0,
    quiet: 0,
    left: 0,
  });
  type Tally = ReturnType<typeof emptyTally>;
  const tallies = new Map<string, Tally>();
  const all = emptyTally();
  const latencies: number[] = [];
  const heldLatencies: number[] = [];
  const releaseLags: number[] = [];
  const quietExamples: string[] = [];
  let lastAtDue = dueMs;
  for (const e of expectations) {
    const label = e.policyOn ? groupLabel[e.group] : POLICY_OFF_LABEL;
    const tally = tallies.get(label) ?? emptyTally();
    tallies.set(label, tally);
    const row = reminderOf.get(e.lead.id);
    const got = remindersTo.get(e.lead.phone!) ?? [];
    const dueAt = row ? new Date(row.scheduled_at).getTime() : dueMs;
    const first = Math.min(...got.map((m) => m.receivedAt));
    if (got.length > 0) {
      if (dueAt > dueMs) heldLatencies.push(first - dueAt);
      else {
        latencies.push(first - dueAt);
        releaseLags.push(new Date(row!.date).getTime() - dueAt);
        lastAtDue = Math.max(lastAtDue, first);
      }
    }
    for (const message of got.filter(inQuietHours).slice(0, 1)) {
      quietExamples.push(
        `${e.zone}: due ${clockAt(e.zone, dueAt)}, released ${clockAt(e.zone, new Date(row!.date).getTime())}, at the provider ${clockAt(e.zone, message.receivedAt)}`,
      );
    }
    for (const t of [tally, all]) {
      t.leads += 1;
      if (e.outcome === 'at due') t.atDue += 1;
      else if (e.outcome === 'held') t.held += 1;
      else t.notSent += 1;
      if (got.length > 0) t.sent += 1;
      if (got.length > 0 && dueAt > dueMs) t.heldThenSent += 1;
      if (tooLate(row)) t.tooLate += 1;
      else if (got.length === 0 && !isLeft(row)) t.lost += 1;
      if (isLeft(row)) t.left += 1;
      t.duplicates += Math.max(0, got.length - 1);
      t.early += got.filter((m) => m.receivedAt < dueMs).length;
      t.quiet += got.filter(inQuietHours).length;
    }
  }

  console.log(
    `reminders due: ${count(reminderRows.length)}; at the fake Twilio: ${count(reminders.length)} reminders to ${count(remindersTo.size)} distinct recipients`,
  );
  console.log(
    '| leads (local time when due) | leads | expected: at due / held / not sent | sent | of which held, then sent | not sent: quiet hours past the tour | lost | duplicates | sent before due | sent inside quiet hours | still SCHEDULED or PENDING |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  const line = (label: string, t: Tally) =>
    console.log(
      `| ${label} | ${count(t.leads)} | ${count(t.atDue)} / ${count(t.held)} / ${count(t.notSent)} | ${count(t.sent)} | ${count(t.heldThenSent)} | ${count(t.tooLate)} | ${t.lost} | ${t.duplicates} | ${t.early} | ${t.quiet} | ${t.left} |`,
    );
  for (const label of [...Object.values(groupLabel), POLICY_OFF_LABEL]) {
    const tally = tallies.get(label);
    if (tally) line(label, tally);
  }
  line('all', all);

  latencies.sort((a, b) => a - b);
  heldLatencies.sort((a, b) => a - b);
  console.log(
    `due → provider (released at the due minute): first ${seconds(latencies[0] ?? NaN)}, p50 ${seconds(percentile(latencies, 50))}, p95 ${seconds(percentile(latencies, 95))}; drained (due → last) ${seconds(lastAtDue - dueMs)}`,
  );
  releaseLags.sort((a, b) => a - b);
  console.log(
    `due → released (SCHEDULED → PENDING) of the same: p50 ${seconds(percentile(releaseLags, 50))}, p95 ${seconds(percentile(releaseLags, 95))}, last ${seconds(releaseLags.at(-1) ?? NaN)}`,
  );
  if (quietExamples.length > 0)
    console.log(
      `sent inside quiet hours (lead's zone: local times), ${quietExamples.length} leads, e.g.:\n  ${quietExamples.slice(0, 5).join('\n  ')}`,
    );
  if (heldLatencies.length > 0)
    console.log(
      `held to the window's opening → provider: p50 ${seconds(percentile(heldLatencies, 50))}, last ${seconds(heldLatencies.at(-1)!)}`,
    );

  const confirmationsHeld = confirmationRows.filter(
    (row) => new Date(row.scheduled_at).getTime() - new Date(row.created_at).getTime() > 1000,
  ).length;
  console.log(
    `confirmations: ${count(confirmationRows.length)} scheduled, ${count(confirmations.length)} received (${count(new Set(confirmations.map((m) => m.to)).size)} recipients), ${confirmationRows.filter(tooLate).length} not sent (quiet hours past the tour), ${confirmationsHeld} held to the window's opening, ${confirmations.filter(inQuietHours).length} sent inside quiet hours, ${confirmationRows.filter(isLeft).length} still SCHEDULED or PENDING`,
  );

  console.log(
    `| number | reminders | sustained msg/s | busiest 1 s window (limit ${MPS}) | confirmations' busiest 1 s window |`,
  );
  console.log('|---|---|---|---|---|');
  for (const { number } of companies) {
    const times = reminders.filter((m) => m.from === number).map((m) => m.receivedAt);
    const confirmationTimes = confirmations
      .filter((m) => m.from === number)
      .map((m) => m.receivedAt);
    const span = (Math.max(...times) - Math.min(...times)) / 1000;
    console.log(
      `| ${number} | ${count(times.length)} | ${((times.length - 1) / span).toFixed(1)} | ${busiestSecond(times)} | ${busiestSecond(confirmationTimes)} |`,
    );
  }
  const others = fake.received.length - reminders.length - confirmations.length;
  if (others > 0) console.log(`other texts at the fake Twilio: ${others}`);
  console.log(
    `run: ${seconds(finishedMs - runStarted)} (setup ${seconds(bookingStarted - runStarted)}, bookings and confirmations ${seconds(confirmationsDoneMs)}, waiting for the due minute ${seconds(Math.max(0, slack))})`,
  );
} finally {
  await app.close();
  await fake.close();
  await database.close();
}
