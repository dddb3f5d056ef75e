import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import {
  socketEvents,
  type PresenceAck,
  type PresenceChange,
  type PresenceSnapshot,
  type PresenceTyping,
} from '@leasing/contract';
import { openDatabase } from '../../db/client.js';
import type { LeadRow } from '../../db/schema/index.js';
import { createLead, createOffice, createUser } from '../../test/factories.js';
import { signInAt, startServerProcess, type ServerProcess } from '../../test/server-process.js';
import { createSocketOpener, recordAll, until } from '../../test/sockets.js';
import { createFreshPostgres, oneDatabase, type FreshPostgres } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';
import { presenceRoom } from '../../lib/socket-rooms.js';

const sockets = createSocketOpener();
afterAll(() => sockets.closeAll());
const open = sockets.open;
const view = (socket: Socket, leadID: string | null) =>
  socket.emitWithAck(socketEvents.presenceView, { leadID }) as Promise<PresenceAck>;
const sync = (socket: Socket) =>
  socket.emitWithAck(socketEvents.presenceSync, {}) as Promise<PresenceSnapshot>;

describe.each(oneDatabase())('presence in one process ($name)', (target) => {
  const t = useTestApp(target, { listen: true });
  let lead: LeadRow;
  let companyId: string;
  let otherCompanyId: string;
  const tokens: Record<'dana' | 'priya' | 'olivia', string> = { dana: '', priya: '', olivia: '' };
  const ids: Record<'dana' | 'priya', string> = { dana: '', priya: '' };

  beforeAll(async () => {
    const office = await createOffice(t.db, { staff: { name: 'Dana Whitfield' } });
    const agent = await createUser(t.db, office.company.id, { name: 'Priya Shah', role: 'agent' });
    const outside = await createOffice(t.db);
    lead = await createLead(t.db, office.property);
    companyId = office.company.id;
    otherCompanyId = outside.company.id;
    tokens.dana = await t.signIn(office.staff.credentials);
    tokens.priya = await t.signIn(agent.credentials);
    tokens.olivia = await t.signIn(outside.staff.credentials);
    ids.dana = office.staff.user.id;
    ids.priya = agent.user.id;
  });

  it('tells the company who opened a lead, relays typing to the lead’s viewers, and forgets a closed console', async () => {
    const priya = await open(t.url, tokens.priya);
    const olivia = await open(t.url, tokens.olivia);
    const oliviaHeard = recordAll(olivia);
    const dana = await open(t.url, tokens.dana);

    const joined = until<PresenceChange>(priya, socketEvents.presence(companyId));
    expect(await view(dana, lead.id)).toEqual({ ok: true });
    expect(await joined).toMatchObject({
      leadID: lead.id,
      userID: ids.dana,
      name: 'Dana Whitfield',
      state: 'joined',
      socketID: dana.id,
    });
    expect((await sync(priya)).viewers).toEqual([
      { socketID: dana.id, leadID: lead.id, userID: ids.dana, name: 'Dana Whitfield' },
    ]);

    // Typing reaches the consoles on that lead only.
    expect(await view(priya, lead.id)).toEqual({ ok: true });
    const typing = until<PresenceTyping>(priya, socketEvents.presenceTypingOf(companyId));
    dana.emit(socketEvents.presenceTyping, { leadID: lead.id, typing: true });
    expect(await typing).toMatchObject({ leadID: lead.id, userID: ids.dana, typing: true });

    const left = until<PresenceChange>(priya, socketEvents.presence(companyId));
    const danaSocketId = dana.id;
    dana.close();
    expect(await left).toMatchObject({ socketID: danaSocketId, userID: ids.dana, state: 'left' });
    expect((await sync(priya)).viewers.map((viewer) => viewer.userID)).toEqual([ids.priya]);

    // Another company heard nothing of it, and sees nobody.
    expect((await sync(olivia)).viewers).toEqual([]);
    expect(oliviaHeard).toEqual([]);
    priya.close();
    olivia.close();
  });

  it("refuses to announce another company's lead, and a socket typing about a lead it has not open", async () => {
    const dana = await open(t.url, tokens.dana);
    const olivia = await open(t.url, tokens.olivia);
    const danaHeard = recordAll(dana);
    expect(await view(olivia, lead.id)).toEqual({ ok: false, error: 'Lead not found.' });
    olivia.emit(socketEvents.presenceTyping, { leadID: lead.id, typing: true });
    expect(await view(olivia, '00000000-0000-4000-a000-000000000000')).toMatchObject({ ok: false });
    expect(await view(olivia, 'not-a-uuid' as string)).toMatchObject({ ok: false });
    // Positive control: Dana's own company's news reaches her meanwhile. Olivia's requests were
    // all answered before Priya opened the lead: had any reached Dana, it would have come first.
    const priya = await open(t.url, tokens.priya);
    const heard = until<PresenceChange>(dana, socketEvents.presence(companyId));
    await view(priya, lead.id);
    expect((await heard).userID).toBe(ids.priya);
    expect(danaHeard.map((entry) => entry.event)).toEqual([socketEvents.presence(companyId)]);
    expect(JSON.stringify(danaHeard)).not.toContain(otherCompanyId);
    // Leaving a lead (null) is announced too.
    const left = until<PresenceChange>(dana, socketEvents.presence(companyId));
    await view(priya, null);
    expect((await left).state).toBe('left');
    expect((await sync(dana)).viewers).toEqual([]);
  });

  it('keeps no password hash or token state in socket data, which fetchSockets() and Redis carry', async () => {
    const dana = await open(t.url, tokens.dana);
    expect(await view(dana, lead.id)).toEqual({ ok: true });
    const remote = await t.app.io.in(presenceRoom(lead.id)).fetchSockets();
    const data = remote.find((socket) => socket.id === dana.id)?.data as Record<string, unknown>;
    // Positive control: presence still names who is there.
    expect(data.principal).toEqual({
      id: ids.dana,
      name: 'Dana Whitfield',
      companyId,
      role: 'admin',
    });
    expect(JSON.stringify(data)).not.toMatch(/passwordHash|tokensValidAfter|\$argon2|\$2[aby]\$/);
    expect((await sync(dana)).viewers).toEqual([
      { socketID: dana.id, leadID: lead.id, userID: ids.dana, name: 'Dana Whitfield' },
    ]);
    dana.close();
  });
});

const redisUrl = process.env.REDIS_URL;
const pgUrl = process.env.DATABASE_URL;
if (!redisUrl || !pgUrl) {
  console.warn(
    'Presence across processes not run: REDIS_URL and DATABASE_URL are needed (CI sets both).',
  );
}

/**
 * Two real server processes sharing PostgreSQL and Redis: this test's process runs one, a child
 * process (`server.ts`) the other. Presence made on one is seen from the other.
 */
describe.runIf(Boolean(redisUrl && pgUrl))('presence across two server processes (Redis)', () => {
  let database: FreshPostgres;
  let two: ServerProcess;
  let lead: LeadRow;
  let companyId: string;
  const credentials: Record<'dana' | 'priya' | 'olivia', { email: string; password: string }> =
    {} as never;
  let danaId: string;

  beforeAll(async () => {
    database = await createFreshPostgres(pgUrl!);
  });
  afterAll(() => database?.drop());
  const one = useTestApp(
    {
      name: 'postgres',
      open: () => openDatabase({ kind: 'postgres', url: database.url, poolSize: 3 }),
    },
    { listen: true, env: { REDIS_URL: redisUrl! } },
  );
  beforeAll(async () => {
    const office = await createOffice(one.db, { staff: { name: 'Dana Whitfield' } });
    const agent = await createUser(one.db, office.company.id, { role: 'agent' });
    const outside = await createOffice(one.db);
    lead = await createLead(one.db, office.property);
    companyId = office.company.id;
    danaId = office.staff.user.id;
    credentials.dana = office.staff.credentials;
    credentials.priya = agent.credentials;
    credentials.olivia = outside.staff.credentials;
    two = await startServerProcess({ DATABASE_URL: database.url, REDIS_URL: redisUrl! });
  });
  afterAll(async () => {
    sockets.closeAll();
    await two?.close();
  });

  it('shows a user on process 1 to a colleague on process 2, and forgets them within seconds of a closed tab', async () => {
    const dana = await open(one.url, await one.signIn(credentials.dana));
    const priya = await open(two.url, await signInAt(two.url, credentials.priya));
    const olivia = await open(two.url, await signInAt(two.url, credentials.olivia));
    const oliviaHeard = recordAll(olivia);

    // Live: the change crosses from process 1 to process 2.
    const joined = until<PresenceChange>(priya, socketEvents.presence(companyId));
    expect(await view(dana, lead.id)).toEqual({ ok: true });
    expect(await joined).toMatchObject({ userID: danaId, leadID: lead.id, state: 'joined' });
    // On demand: process 2 asks every process who is on which lead.
    expect((await sync(priya)).viewers).toEqual([
      { socketID: dana.id, leadID: lead.id, userID: danaId, name: 'Dana Whitfield' },
    ]);
    // Typing crosses too, to a viewer of the lead on the other process.
    expect(await view(priya, lead.id)).toEqual({ ok: true });
    const typing = until<PresenceTyping>(priya, socketEvents.presenceTypingOf(companyId));
    dana.emit(socketEvents.presenceTyping, { leadID: lead.id, typing: true });
    expect((await typing).userID).toBe(danaId);

    const startedClosing = Date.now();
    const left = until<PresenceChange>(priya, socketEvents.presence(companyId));
    dana.close();
    expect(await left).toMatchObject({ userID: danaId, state: 'left' });
    expect(Date.now() - startedClosing).toBeLessThan(3_000);
    expect((await sync(priya)).viewers.map((viewer) => viewer.userID)).not.toContain(danaId);

    // The other company, on the same process as Priya, heard nothing and sees nobody.
    expect((await sync(olivia)).viewers).toEqual([]);
    expect(oliviaHeard).toEqual([]);
  });
});
