// 10,000 queued SMS drained through the fake Twilio (loopback) from 5 sending numbers.
// Reports drain time, lost messages, each number's busiest second against its rate, and the
// enqueue-to-provider latency. Usage: npm run bench:send   (BENCH_MESSAGES, BENCH_MPS to vary)
import { eq, inArray } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import {
  companies,
  conversationEvents,
  leads,
  properties,
} from '../apps/server/src/db/schema/index.js';
import { seedDemo } from '../apps/server/src/db/seed/seed.js';
import { findUserByEmail } from '../apps/server/src/modules/auth/index.js';
import { sendSms } from '../apps/server/src/modules/messaging/index.js';
import { sharedNumberOf } from '../apps/server/src/modules/numbers/index.js';
import { createPhoneNumber } from '../apps/server/src/test/factories.js';
import { startFakeTwilio } from '../apps/server/src/test/fake-twilio.js';
import { openFreshPostgres, testConfig } from '../apps/server/src/test/test-app.js';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000);
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
  // The bench runs at any hour: the demo company texts all day (quiet hours are not the subject).
  await database.db
    .update(companies)
    .set({ quietHoursStart: '00:00', quietHoursEnd: '24:00' })
    .where(eq(companies.id, principal.companyId));
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
    const [lead] = await database.db
      .insert(leads)
      .values({
        companyId: property!.companyId,
        propertyId: property!.id,
        pmsLeadId: `BENCH-${index}`,
        name: `Bench Lead ${index}`,
        phone: `+1512555${String(1000 + index)}`,
      })
      .returning();
    targets.push(lead!.id);
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
  const started = Date.now();
  const enqueuedAt = new Map<string, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < MESSAGES) {
        const i = next++;
        const leadId = sendable[i % sendable.length]!;
        const event = await sendSms(deps, principal, leadId, {
          text: `bench ${i}`,
          files: [],
          idempotencyKey: undefined,
        });
        enqueuedAt.set(`bench ${i}`, Date.now());
        void event;
      }
    }),
  );
  const enqueueSeconds = (Date.now() - started) / 1000;
  while (fake.received.length < MESSAGES && Date.now() - started < 30 * 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const drainSeconds = (Date.now() - started) / 1000;

  const bodies = new Set(fake.received.map((message) => message.body));
  const pendingLeft = (
    await database.db
      .select()
      .from(conversationEvents)
      .where(inArray(conversationEvents.leadId, sendable))
  ).filter((event) => event.sendingStatus === 'PENDING').length;
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
    .map((message) => message.receivedAt - (enqueuedAt.get(message.body) ?? message.receivedAt))
    .sort((a, b) => a - b);
  const p95 = latencies[Math.floor(latencies.length * 0.95)] ?? NaN;

  console.log(
    `${MESSAGES} SMS, ${perNumber.size} sending numbers at ${MPS} msg/s each, PostgreSQL, 4 workers × batches of 25`,
  );
  console.log(
    `| enqueued in | drained in | received | distinct | lost | duplicates | still PENDING |`,
  );
  console.log(`|---|---|---|---|---|---|---|`);
  console.log(
    `| ${enqueueSeconds.toFixed(1)} s | ${drainSeconds.toFixed(1)} s | ${fake.received.length} | ${bodies.size} | ${MESSAGES - bodies.size} | ${fake.received.length - bodies.size} | ${pendingLeft} |`,
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
    `enqueue-to-provider p95: ${(p95 / 1000).toFixed(1)} s (a backlog of ${MESSAGES} drains at the numbers' combined rate)`,
  );
} finally {
  await app.close();
  await fake.close();
  await database.close();
}
