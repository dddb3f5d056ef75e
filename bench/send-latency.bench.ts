// The latency of sending a text as the console does (the send service: the send gate, the stored
// message and its queued job, and every in-transaction subscriber of the change: audit, the report
// facts, …), sequential, p50/p99 over BENCH_SENDS sends after a warm-up. Half the sends are a
// lead's first response (the report facts count its office-hours wait), half are later messages.
// Run it on two checkouts to compare them (bench/README.md: the reports' cost on sending).
// Usage: npm run bench:send-latency   (PostgreSQL as the other benches; BENCH_SENDS)
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { companies, leads } from '../apps/server/src/db/schema/index.js';
import { seedDemo } from '../apps/server/src/db/seed/seed.js';
import { findUserByEmail } from '../apps/server/src/modules/auth/index.js';
import { sendSms } from '../apps/server/src/modules/messaging/index.js';
import { sharedNumberOf } from '../apps/server/src/modules/numbers/index.js';
import { createConversationEvent } from '../apps/server/src/test/factories.js';
import { startFakeTwilio } from '../apps/server/src/test/fake-twilio.js';
import { openFreshPostgres, testConfig } from '../apps/server/src/test/test-app.js';

const SENDS = Number(process.env.BENCH_SENDS ?? 600);
const WARMUP = 40;
const pgBase =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

const database = await openFreshPostgres(pgBase, { poolSize: 10 });
const fake = await startFakeTwilio();
const app = await buildApp({
  config: testConfig({ ...fake.env('+15125550901'), PUBLIC_URL: 'http://127.0.0.1:9' }),
  database,
});
try {
  await seedDemo(database.db);
  const principal = (await findUserByEmail(database.db, 'demo@leasing.test'))!;
  await database.db
    .update(companies)
    .set({ quietHoursStart: '00:00', quietHoursEnd: '24:00', quietHoursStateRules: false })
    .where(eq(companies.id, principal.companyId));
  const property = (
    await database.db.select().from(leads).where(eq(leads.companyId, principal.companyId)).limit(1)
  )[0]!.propertyId;
  const count = (WARMUP + SENDS) / 2;
  const targets = await database.db
    .insert(leads)
    .values(
      Array.from({ length: count }, (_, index) => ({
        companyId: principal.companyId,
        propertyId: property,
        pmsLeadId: `LAT-${index}`,
        name: `Latency Lead ${index}`,
        phone: `+1512556${String(index).padStart(4, '0')}`,
      })),
    )
    .returning();
  // Each lead wrote first: our first text to it is its first response.
  for (const lead of targets) await createConversationEvent(database.db, lead, { body: 'Hi!' });

  const deps = {
    database,
    events: app.events,
    queue: app.queue,
    storage: app.services.messaging.storage,
    jobExpireSeconds: 120,
    shared: sharedNumberOf(app.config),
    now: () => new Date(),
  };
  const timings: number[] = [];
  let sent = 0;
  for (const round of [0, 1]) {
    for (const lead of targets) {
      const start = process.hrtime.bigint();
      await sendSms(deps, principal, lead.id, {
        text: `latency ${round}`,
        files: [],
        idempotencyKey: undefined,
      });
      sent += 1;
      if (sent > WARMUP) timings.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  timings.sort((a, b) => a - b);
  console.log(
    `sendSms, ${timings.length} sends: p50 ${percentile(timings, 50).toFixed(2)} ms, p99 ${percentile(timings, 99).toFixed(2)} ms`,
  );
} finally {
  await app.close();
  await fake.close();
  await database.close();
}
process.exit(0);
