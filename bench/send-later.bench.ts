// 'Send later': 5,000 SMS scheduled for the same minute, released by the real release worker and
// drained through the fake Twilio (loopback) from 5 sending numbers. Reports lost and duplicated
// messages, what is left SCHEDULED or PENDING, each number's busiest second against its rate, and
// the due-to-provider latency. Usage: npm run bench:send-later   (BENCH_MESSAGES, BENCH_MPS)
import { inArray } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { conversationEvents, leads, properties } from '../apps/server/src/db/schema/index.js';
import { seedDemo } from '../apps/server/src/db/seed/seed.js';
import { findUserByEmail } from '../apps/server/src/modules/auth/index.js';
import { sendSms } from '../apps/server/src/modules/messaging/index.js';
import { sharedNumberOf } from '../apps/server/src/modules/numbers/index.js';
import { createPhoneNumber } from '../apps/server/src/test/factories.js';
import { startFakeTwilio } from '../apps/server/src/test/fake-twilio.js';
import { openFreshPostgres, testConfig } from '../apps/server/src/test/test-app.js';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 5_000);
const MPS = Number(process.env.BENCH_MPS ?? 50);
const NUMBERS = ['+15125550901', '+15125550902', '+15125550903', '+15125550904', '+15125550905'];
const pgBase =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

const database = await openFreshPostgres(pgBase, { poolSize: 30 });
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
  await seedDemo(database.db);
  // Five properties of the demo company, each with its own number and a lead to text.
  const principal = (await findUserByEmail(database.db, 'demo@leasing.test'))!;
  const targets: string[] = [];
  for (const [index, number] of NUMBERS.entries()) {
    // A property's own number must be in the company's numbers registry first.
    await createPhoneNumber(database.db, principal.companyId, number);
    const [property] = await database.db
      .insert(properties)
      .values({
        companyId: principal.companyId,
        pmsPropertyId: `BENCH-P${index}`,
        name: `Bench ${index}`,
        smsNumber: number,
      })
      .returning();
    // Four leads per number, one per concurrent sender: concurrent sends to one lead deadlock in
    // the inbox trigger today (see the README), which is not what this measures.
    for (let copy = 0; copy < 4; copy += 1) {
      const [lead] = await database.db
        .insert(leads)
        .values({
          companyId: property!.companyId,
          propertyId: property!.id,
          pmsLeadId: `BENCH-${index}-${copy}`,
          name: `Bench Lead ${index}-${copy}`,
          phone: `+1512555${String(1000 + index * 10 + copy)}`,
        })
        .returning();
      targets.push(lead!.id);
    }
  }
  const sendable = targets;

  const deps = {
    database,
    events: app.events,
    queue: app.queue,
    storage: app.services.messaging.storage,
    jobExpireSeconds: 120,
    shared: sharedNumberOf(app.config),
    now: () => new Date(),
  };
  // The same minute for all: the next whole minute far enough ahead for the scheduling to end.
  const dueAt = new Date(Math.ceil((Date.now() + 120_000) / 60_000) * 60_000);
  const started = Date.now();
  let next = 0;
  await Promise.all(
    sendable.map(async (leadId) => {
      while (next < MESSAGES) {
        const i = next++;
        const event = await sendSms(deps, principal, leadId, {
          text: `bench ${i}`,
          files: [],
          idempotencyKey: undefined,
          sendAt: dueAt.toISOString(),
        });
        if (event.sendingStatus !== 'SCHEDULED') throw new Error('not scheduled');
      }
    }),
  );
  const enqueueSeconds = (Date.now() - started) / 1000;
  const early = fake.received.length;
  if (Date.now() > dueAt.getTime()) throw new Error('scheduling ran past the due minute');
  while (fake.received.length < MESSAGES && Date.now() - started < 30 * 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // A little longer: a duplicate would arrive after the last distinct message.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const drainSeconds =
    (Math.max(...fake.received.map((m) => m.receivedAt)) - dueAt.getTime()) / 1000;

  const bodies = new Set(fake.received.map((message) => message.body));
  const pendingLeft = (
    await database.db
      .select()
      .from(conversationEvents)
      .where(inArray(conversationEvents.leadId, sendable))
  ).filter(
    (event) => event.sendingStatus === 'SCHEDULED' || event.sendingStatus === 'PENDING',
  ).length;
  const perNumber = new Map<string, number[]>();
  for (const message of fake.received) {
    perNumber.set(message.from, [...(perNumber.get(message.from) ?? []), message.receivedAt]);
  }
  const busiestSecond = (times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    let best = 0;
    for (let i = 0, j = 0; i < sorted.length; i += 1) {
      while (sorted[i]! - sorted[j]! >= 1000) j += 1;
      best = Math.max(best, i - j + 1);
    }
    return best;
  };
  const latencies = fake.received
    .map((message) => message.receivedAt - dueAt.getTime())
    .sort((a, b) => a - b);
  const p95 = latencies[Math.floor(latencies.length * 0.95)] ?? NaN;

  console.log(
    `${MESSAGES} SMS scheduled for ${dueAt.toISOString()}, ${perNumber.size} sending numbers at ${MPS} msg/s each, PostgreSQL`,
  );
  console.log(
    `| scheduled in | sent before due | drained (due → last) | received | distinct | lost | duplicates | still SCHEDULED or PENDING |`,
  );
  console.log(`|---|---|---|---|---|---|---|---|`);
  console.log(
    `| ${enqueueSeconds.toFixed(1)} s | ${early} | ${drainSeconds.toFixed(1)} s | ${fake.received.length} | ${bodies.size} | ${MESSAGES - bodies.size} | ${fake.received.length - bodies.size} | ${pendingLeft} |`,
  );
  console.log(
    `| number | messages | sustained msg/s | busiest 1 s window at the provider (limit ${MPS}) |`,
  );
  console.log(`|---|---|---|---|`);
  for (const [number, times] of perNumber)
    console.log(
      `| ${number} | ${times.length} | ${((times.length - 1) / ((Math.max(...times) - Math.min(...times)) / 1000)).toFixed(1)} | ${busiestSecond(times)} |`,
    );
  console.log(
    `due-to-provider: first ${(latencies[0]! / 1000).toFixed(1)} s, p95 ${(p95 / 1000).toFixed(1)} s (${MESSAGES} due at once drain at the numbers' combined rate)`,
  );
} finally {
  await app.close();
  await fake.close();
  await database.close();
}
