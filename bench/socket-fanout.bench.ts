// Emit-to-receive latency of a 1 KB event to 1,000 sockets in one company room: the product's
// Socket.IO (authenticated handshakes, server-joined rooms, the spec's announce → ask → deliver
// round trip) against a bare Socket.IO server in the same run.
// Usage: npm run bench:socket   (BENCH_SOCKETS, BENCH_ROUNDS to change the load)
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { socketEvents, type NewConversationAnnouncement } from '@leasing/contract';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { conversationEvents, leads, users } from '../apps/server/src/db/schema/index.js';
import { seedDemo } from '../apps/server/src/db/seed/seed.js';
import { domainEvent } from '../apps/server/src/events/domain-events.js';
import { companyRoom } from '../apps/server/src/lib/socket-rooms.js';
import { testConfig } from '../apps/server/src/test/test-app.js';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const WARMUP_ROUNDS = 3;
const PAYLOAD = 'x'.repeat(1024);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), n: sorted.length };
};
const now = () => performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const connectAll = async (url: string, authOf: (index: number) => Record<string, string>) => {
  const sockets: Socket[] = [];
  // In waves, as consoles would open over a morning rather than in one instant.
  for (let wave = 0; wave < SOCKETS; wave += 100) {
    const batch = Array.from({ length: Math.min(100, SOCKETS - wave) }, (_, i) =>
      connect(url, { auth: authOf(wave + i), transports: ['websocket'], reconnection: false }),
    );
    await Promise.all(
      batch.map(
        (socket) =>
          new Promise<void>((resolve, reject) =>
            socket.on('connect', resolve).on('connect_error', reject),
          ),
      ),
    );
    sockets.push(...batch);
  }
  return sockets;
};

/** Runs `ROUNDS` emits; each socket reports when it received; answers every latency in ms. */
const runRounds = async (
  sockets: Socket[],
  listen: (socket: Socket, received: (round: number) => void) => void,
  emit: (round: number) => void,
) => {
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  let pending = 0;
  let roundDone: () => void = () => {};
  for (const socket of sockets) {
    listen(socket, (round) => {
      if (round >= WARMUP_ROUNDS) latencies.push(now() - sentAt.get(round)!);
      pending -= 1;
      if (pending === 0) roundDone();
    });
  }
  for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round += 1) {
    pending = sockets.length;
    const done = new Promise<void>((resolve) => (roundDone = resolve));
    sentAt.set(round, now());
    emit(round);
    await Promise.race([
      done,
      sleep(10_000).then(() => {
        throw new Error(`round ${round}: ${pending} sockets never received`);
      }),
    ]);
    await sleep(50);
  }
  return summary(latencies);
};

// --- the bare floor: plain Socket.IO, one room, no authentication ---
const bare = async () => {
  const http = createServer();
  const io = new Server(http, { serveClient: false });
  io.on('connection', (socket) => void socket.join('company'));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const sockets = await connectAll(url, () => ({}));
  try {
    return await runRounds(
      sockets,
      (socket, received) =>
        socket.on('bench', (message: { round: number }) => received(message.round)),
      (round) => io.to('company').emit('bench', { round, payload: PAYLOAD }),
    );
  } finally {
    sockets.forEach((socket) => socket.close());
    await io.close();
  }
};

// --- the product ---
const product = async () => {
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  const app = await buildApp({ config: testConfig(), database });
  await seedDemo(app.database.db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'demo@leasing.test', password: 'leasing-demo' },
  });
  const token = login.json<{ token: string }>().token;
  const principal = await app.resolvePrincipal(token);
  const connectStart = now();
  const sockets = await connectAll(url, () => ({ token }));
  const connectMs = now() - connectStart;
  try {
    // (1) A 1 KB broadcast to the company room through the product's server.
    const broadcast = await runRounds(
      sockets,
      (socket, received) =>
        socket.on('bench', (message: { round: number }) => received(message.round)),
      (round) =>
        app.io.to(companyRoom(principal.companyId)).emit('bench', { round, payload: PAYLOAD }),
    );

    // (2) The spec's round trip for a 1 KB message: announcement to the room, every console asks
    // for the event, the server checks tenancy and answers each with the event and its lead.
    const [lead] = await app.database.db.select().from(leads).where(eq(leads.name, 'Ava Thompson'));
    const roundTripOf = async (consoles: Socket[], userIdOf: (index: number) => string) => {
      const events: string[] = [];
      for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round += 1) {
        const [event] = await app.database.db
          .insert(conversationEvents)
          .values({
            companyId: lead!.companyId,
            leadId: lead!.id,
            eventType: 'SMS',
            senderType: 'LEAD',
            senderName: lead!.name,
            body: PAYLOAD,
          })
          .returning();
        events.push(event!.id);
      }
      const roundOf = new Map(events.map((id, round) => [id, round]));
      let index = 0;
      return runRounds(
        consoles,
        (socket, received) => {
          const userId = userIdOf(index++);
          socket.on(
            socketEvents.newConversation(principal.companyId),
            (announcement: NewConversationAnnouncement) =>
              socket.emit(socketEvents.getNewConversation, {
                eventID: announcement.eventID,
                userID: userId,
                time: Date.now(),
              }),
          );
          socket.on(
            socketEvents.newConversationForUser(userId),
            (delivery: { events: { _id: string }[] }) =>
              received(roundOf.get(delivery.events[0]!._id)!),
          );
        },
        // Announced the way every change is: recorded on the event port, published after commit.
        (round) =>
          void app.events.transaction(async ({ record }) =>
            record(
              domainEvent('timeline.event_added', {
                companyId: lead!.companyId,
                leadId: lead!.id,
                timelineEventId: events[round]!,
                eventType: 'SMS',
              }),
            ),
          ),
      );
    };
    const roundTrip = await roundTripOf(sockets, () => principal.id);
    sockets.forEach((socket) => socket.close());

    // (3) The same round trip with every console signed in as a different staff member: the
    // answers cannot share a packet (the event name carries the user id).
    const staff = await app.database.db
      .insert(users)
      .values(
        Array.from({ length: SOCKETS }, (_, i) => ({
          companyId: principal.companyId,
          email: `bench-${i}@demo-leasing.test`,
          name: `Bench Agent ${i}`,
        })),
      )
      .returning();
    const tokens = await Promise.all(
      staff.map((member) =>
        app.tokens.signIdToken({
          userId: member.id,
          email: member.email,
          name: member.name,
          picture: null,
          companyId: member.companyId,
        }),
      ),
    );
    const distinct = await connectAll(url, (index) => ({ token: tokens[index]! }));
    const distinctUsers = await roundTripOf(distinct, (index) => staff[index]!.id);
    distinct.forEach((socket) => socket.close());
    return { broadcast, roundTrip, distinctUsers, connectMs };
  } finally {
    sockets.forEach((socket) => socket.close());
    await app.close();
    await database.close();
  }
};

const floor = await bare();
const measured = await product();
const ms = (value: number) => `${value.toFixed(1)} ms`;
console.log(
  `\nsocket-fanout: ${SOCKETS} sockets in one company room, 1 KB event, ${ROUNDS} rounds (+${WARMUP_ROUNDS} warm-up)\n`,
);
console.log('| path                                          | p50      | p99      | samples |');
console.log('| --------------------------------------------- | -------- | -------- | ------- |');
const row = (name: string, s: ReturnType<typeof summary>) =>
  console.log(
    `| ${name.padEnd(45)} | ${ms(s.p50).padEnd(8)} | ${ms(s.p99).padEnd(8)} | ${String(s.n).padEnd(7)} |`,
  );
row('bare Socket.IO broadcast (floor)', floor);
row('product broadcast to the company room', measured.broadcast);
row('announce → ask → deliver, one user', measured.roundTrip);
row('announce → ask → deliver, 1,000 users', measured.distinctUsers);
console.log(
  `\nratios to the floor, p99: broadcast ${(measured.broadcast.p99 / floor.p99).toFixed(2)}×, round trip ${(measured.roundTrip.p99 / floor.p99).toFixed(2)}× (one user), ${(measured.distinctUsers.p99 / floor.p99).toFixed(2)}× (${SOCKETS} users)`,
);
console.log(`${SOCKETS} authenticated handshakes took ${ms(measured.connectMs)}`);
process.exit(0);
