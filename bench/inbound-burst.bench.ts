// /healthz while 20 emails full of pictures, each with an image bomb, arrive at once over SMTP.
// Embedded PGlite, then PostgreSQL (BENCH_DATABASE_URL, else DATABASE_URL, else the local server).
// Usage: npm run bench:inbound-burst -w @leasing/bench   (BENCH_EMAILS: the size of the burst)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { setTimeout as wait } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { createLead, createOffice } from '../apps/server/src/test/factories.js';
import { pngBomb } from '../apps/server/src/test/image-bomb.js';
import { freePort, openFreshPostgres, testConfig } from '../apps/server/src/test/test-app.js';

const EMAILS = Number(process.env.BENCH_EMAILS ?? 20);
/** Per email: the bomb, 24 photos (25 attachments: the 20-thumbnail cap is reached). */
const PHOTOS = 24;
const LEASING_ADDRESS = 'leasing@burst.test';
const SENDER = 'burst.sender@example.com';

/** Sends the burst, each email on its own connection at once; prints each one's time to 250. */
const SENDER_SCRIPT = `
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
const env = process.env;
const photo = readFileSync(join(env.BURST_DIR, 'photo.jpg'));
const bomb = readFileSync(join(env.BURST_DIR, 'plan.png'));
const times = await Promise.all(Array.from({ length: Number(env.BURST_EMAILS) }, async (_, n) => {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: Number(env.BURST_PORT), secure: false, ignoreTLS: true });
  const started = performance.now();
  try {
    await transport.sendMail({
      from: env.BURST_FROM, to: env.BURST_TO, subject: 'Burst ' + n, text: 'Pictures of the flat.',
      attachments: [
        { filename: 'plan.png', content: bomb, contentType: 'image/png' },
        ...Array.from({ length: Number(env.BURST_PHOTOS) }, (_, i) => ({
          filename: 'room-' + (i + 1) + '.jpg', content: photo, contentType: 'image/jpeg' })),
      ],
    });
    return performance.now() - started;
  } finally {
    transport.close();
  }
}));
process.stdout.write(JSON.stringify(times));
`;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms · p99 ${percentile(sorted, 99).toFixed(1)} ms · max ${sorted.at(-1)!.toFixed(1)} ms (${sorted.length} samples)`;
};

const measure = async (label: string, database: Database) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'leasing-burst-'));
  const [httpPort, smtpPort] = [await freePort(), await freePort()];
  const app = await buildApp({
    config: testConfig({
      DATA_DIR: dataDir,
      INBOUND_SMTP_PORT: String(smtpPort),
      // One client sends the whole burst: the per-IP and hourly limits must not turn it away.
      INBOUND_SMTP_MAX_CONNECTIONS_PER_IP: String(EMAILS),
      INBOUND_SMTP_MAX_CONNECTIONS: String(EMAILS),
      INBOUND_SMTP_MESSAGES_PER_IP_PER_HOUR: '10000',
      INBOUND_SMTP_MESSAGES_PER_SENDER_PER_HOUR: '10000',
    }),
    database,
  });
  try {
    await app.listen({ port: httpPort, host: '127.0.0.1' });
    const office = await createOffice(app.database.db, {
      company: { registeredLeasingEmail: LEASING_ADDRESS },
    });
    await createLead(app.database.db, office.property, { email: SENDER });

    // A 1024×768 photo with grain, so decoding and resizing it is real work.
    const photo = await sharp({
      create: {
        width: 1024,
        height: 768,
        channels: 3,
        background: '#7a8a9a',
        noise: { type: 'gaussian', mean: 128, sigma: 12 },
      },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    const bomb = pngBomb(10_000);

    let sampling = true;
    const healthz: number[] = [];
    const sample = async (into: number[]) => {
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${httpPort}/healthz`);
      await response.arrayBuffer();
      into.push(performance.now() - started);
    };
    const idle: number[] = [];
    for (let i = 0; i < 100; i += 1) {
      await sample(idle);
      await wait(10);
    }
    const sampler = (async () => {
      while (sampling) {
        await sample(healthz);
        await wait(20);
      }
    })();

    const pending = async () =>
      Number(
        (
          await app.database.db.execute<{ n: number }>(
            sql`select count(*)::int as n from conversation_events where data ? 'pendingThumbnails'`,
          )
        ).rows[0]!.n,
      );

    // The burst is sent from another process, so encoding 20 big emails does not load this event loop
    // (which serves /healthz): what is measured is the server's work alone.
    writeFileSync(join(dataDir, 'photo.jpg'), photo);
    writeFileSync(join(dataDir, 'plan.png'), bomb);
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const burstStarted = performance.now();
    const sender = spawn(process.execPath, ['--input-type=module', '-e', SENDER_SCRIPT], {
      cwd: fileURLToPath(new URL('.', import.meta.url)),
      env: {
        ...process.env,
        BURST_PORT: String(smtpPort),
        BURST_DIR: dataDir,
        BURST_EMAILS: String(EMAILS),
        BURST_PHOTOS: String(PHOTOS),
        BURST_FROM: SENDER,
        BURST_TO: LEASING_ADDRESS,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    sender.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const [code] = (await once(sender, 'exit')) as [number];
    if (code !== 0) throw new Error(`the sender failed (${code})`);
    const accepted = JSON.parse(output) as number[];
    const burstAccepted = performance.now() - burstStarted;
    while ((await pending()) > 0) await wait(100);
    const thumbnailsDone = performance.now() - burstStarted;
    loop.disable();
    sampling = false;
    await sampler;

    console.log(
      `\ninbound-burst (${label}): ${EMAILS} emails at once, each a 100 MP PNG bomb + ${PHOTOS} photos (${(photo.length / 1024).toFixed(0)} KiB JPEG, 1024×768)\n`,
    );
    console.log(`/healthz idle                 ${summary(idle)}`);
    console.log(`/healthz during the burst     ${summary(healthz)}`);
    console.log(
      `event loop delay (server)     p50 ${(loop.percentile(50) / 1e6).toFixed(1)} ms · p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms · max ${(loop.max / 1e6).toFixed(1)} ms`,
    );
    console.log(`SMTP 250 per email            ${summary(accepted)}`);
    console.log(`all ${EMAILS} emails answered 250   ${burstAccepted.toFixed(0)} ms`);
    console.log(`all thumbnails made           ${thumbnailsDone.toFixed(0)} ms`);
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const pgBase =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
await measure('embedded PGlite', await openDatabase({ kind: 'pglite', dataDir: undefined }));
await measure('PostgreSQL', await openFreshPostgres(pgBase));
