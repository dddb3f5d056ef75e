import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import {
  apiPaths,
  LIVE_SEQUENCE_HEADER,
  newConversationDeliverySchema,
  socketEvents,
  type NewConversationAnnouncement,
  type LiveSequenceMessage,
  type NewConversationDelivery,
} from '@leasing/contract';
import { createTokenService } from '../auth/index.js';
import type { ConversationEventRow, LeadRow } from '../../db/schema/index.js';
import { createConversationEvent, createLead, createOffice } from '../../test/factories.js';
import { bearer, oneDatabase, login } from '../../test/test-app.js';
import { recordAll, until } from '../../test/sockets.js';
import { useTestApp } from '../../test/use-test-app.js';

type Session = { token: string; userId: string; companyId: string };

describe.each(oneDatabase())('live updates over Socket.IO ($name)', (target) => {
  const t = useTestApp(target, { seed: 'none', listen: true });
  /** Staff of the office whose lead the tests text, and of another company. */
  let ours: Session;
  let theirs: Session;
  let ava: LeadRow;
  /** A message of the other company's own lead, which its staff may ask for. */
  let theirMessage: ConversationEventRow;
  const sockets: Socket[] = [];

  const sessionOf = async (credentials: { email: string; password: string }): Promise<Session> => {
    const { token } = await login(t.app, credentials);
    const principal = await t.app.resolvePrincipal(token);
    return { token, userId: principal.id, companyId: principal.companyId };
  };

  const open = (token: unknown, options: { origin?: string } = {}) => {
    const socket = connect(t.url, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: options.origin ? { origin: options.origin } : undefined,
    });
    sockets.push(socket);
    return socket;
  };

  const connected = async (token: string) => {
    const socket = open(token);
    await new Promise<void>((resolve, reject) =>
      socket.on('connect', resolve).on('connect_error', reject),
    );
    return socket;
  };

  const refusal = (socket: Socket) =>
    new Promise<Error & { data?: { code?: string } }>((resolve, reject) => {
      socket.on('connect_error', resolve);
      socket.on('connect', () => reject(new Error('the socket was accepted')));
    });

  /** A staff SMS to the office's lead through the real API. */
  const sendSms = async (session: Session, text: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/leads/${ava.id}/sms`,
      headers: { ...bearer(session.token), 'content-type': 'multipart/form-data; boundary=x' },
      payload: `--x\r\nContent-Disposition: form-data; name="text"\r\n\r\n${text}\r\n--x--\r\n`,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ _id: string; leadID: string }>();
  };

  beforeAll(async () => {
    const office = await createOffice(t.db);
    ava = await createLead(t.db, office.property, { name: 'Ava Thompson' });
    ours = await sessionOf(office.staff.credentials);
    const theirOffice = await createOffice(t.db);
    theirs = await sessionOf(theirOffice.staff.credentials);
    theirMessage = await createConversationEvent(
      t.db,
      await createLead(t.db, theirOffice.property, { name: 'Noah Kim' }),
    );
  });
  afterAll(() => {
    sockets.forEach((socket) => socket.close());
  });

  describe('the live sequence', () => {
    const sequenceOfRead = async (session: Session) => {
      const response = await t.app.inject({
        method: 'GET',
        url: apiPaths.inbox,
        headers: bearer(session.token),
      });
      expect(response.statusCode).toBe(200);
      return response.headers[LIVE_SEQUENCE_HEADER];
    };
    const sequenceAtConnect = async (session: Session) => {
      const socket = open(session.token);
      return (await until<LiveSequenceMessage>(socket, socketEvents.liveSequence)).sequence;
    };

    it('gives a socket the number its company’s reads are at, and counts each broadcast', async () => {
      const before = await sequenceOfRead(ours);
      expect(before).toMatch(/^\d+$/);
      // Nothing broadcast in between: the socket connects at the number the read began at.
      expect(String(await sequenceAtConnect(ours))).toBe(before);
      const theirsBefore = await sequenceOfRead(theirs);

      const socket = await connected(ours.token);
      const announced = until(socket, socketEvents.newConversation(ours.companyId));
      await sendSms(ours, 'A tour on Saturday at 10?');
      await announced;
      // The read now begins after the broadcast: a console that loaded before it must load again.
      const after = await sequenceOfRead(ours);
      expect(Number(after)).toBeGreaterThan(Number(before));
      // The text's own updates (sent, delivered) may still be broadcast meanwhile: a socket that
      // connects between two reads is told a number between theirs.
      const atConnect = Number(await sequenceAtConnect(ours));
      expect(atConnect).toBeGreaterThanOrEqual(Number(after));
      expect(atConnect).toBeLessThanOrEqual(Number(await sequenceOfRead(ours)));
      // Another company's number does not move with ours.
      expect(await sequenceOfRead(theirs)).toBe(theirsBefore);
    });

    it('is not on a read nobody signed in for', async () => {
      const response = await t.app.inject({ method: 'GET', url: apiPaths.config });
      expect(response.statusCode).toBe(200);
      expect(response.headers[LIVE_SEQUENCE_HEADER]).toBeUndefined();
    });
  });

  it('refuses a bad token, an expired one and an unsigned one, saying why', async () => {
    // Signed a minute ago for one second: expired without waiting for it.
    const shortLived = await createTokenService(
      t.db,
      { ...t.app.config.auth, idTokenTtlSeconds: 1 },
      () => new Date(Date.now() - 60_000),
    );
    const principal = await t.app.resolvePrincipal(ours.token);
    const expired = await shortLived.signIdToken({
      userId: principal.id,
      email: principal.email,
      name: principal.name,
      picture: null,
      companyId: principal.companyId,
    });
    const [, payload] = ours.token.split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;

    for (const token of ['not-a-jwt', expired, unsigned, undefined]) {
      const error = await refusal(open(token));
      expect(error.data?.code).toBe('UNAUTHORIZED');
      expect(error.message).toMatch(/sign in/i);
    }
  });

  it('refuses a browser page from an origin that is not allowed', async () => {
    const error = await refusal(open(ours.token, { origin: 'https://evil.example' }));
    expect(error.message).toMatch(/not allowed|websocket error/i);
    const allowed = open(ours.token, { origin: t.app.config.corsOrigins[0] });
    await new Promise<void>((resolve, reject) =>
      allowed.on('connect', resolve).on('connect_error', reject),
    );
  });

  it('announces a new message to the company, and answers the asking user with the event and its lead', async () => {
    const socket = await connected(ours.token);
    // Earlier tests' texts may still announce their status changes: wait for this text's own.
    const heard = recordAll(socket);
    const sent = await sendSms(ours, 'Your tour is confirmed for Saturday.');
    const announcements = () =>
      heard
        .filter(({ event }) => event === socketEvents.newConversation(ours.companyId))
        .map(({ payload }) => payload as NewConversationAnnouncement);
    await expect
      .poll(() => announcements().some((a) => a.eventID === sent._id), { timeout: 5_000 })
      .toBe(true);
    const announcement = announcements().find((a) => a.eventID === sent._id)!;
    expect(announcement).toEqual({ eventID: sent._id, leadID: sent.leadID });

    const delivered = until<NewConversationDelivery>(
      socket,
      socketEvents.newConversationForUser(ours.userId),
    );
    socket.emit(socketEvents.getNewConversation, {
      eventID: announcement.eventID,
      userID: ours.userId,
      time: Date.now(),
    });
    const delivery = newConversationDeliverySchema.parse(await delivered);
    expect(delivery.events.map((event) => event._id)).toEqual([sent._id]);
    expect(delivery.events[0]!.body).toBe('Your tour is confirmed for Saturday.');
    expect(delivery.lead._id).toBe(sent.leadID);
    expect(delivery.lead.name).toBe('Ava Thompson');
  });

  it('sends sending-status changes the same way, ending with the final status', async () => {
    const socket = await connected(ours.token);
    const statuses: string[] = [];
    let sentId = '';
    socket.on(socketEvents.newConversation(ours.companyId), (a: NewConversationAnnouncement) => {
      if (a.eventID === sentId || !sentId)
        socket.emit(socketEvents.getNewConversation, {
          eventID: a.eventID,
          userID: ours.userId,
          time: Date.now(),
        });
    });
    socket.on(socketEvents.newConversationForUser(ours.userId), (d: NewConversationDelivery) => {
      const event = d.events[0]!;
      if (event._id === sentId) statuses.push(event.sendingStatus ?? 'none');
    });
    sentId = (await sendSms(ours, 'Checking the status path.'))._id;
    await expect.poll(() => statuses.at(-1), { timeout: 10_000 }).toBe('COMPLETED');
  });

  it("never lets company B hear company A's events, even when B asks for them by id", async () => {
    const a = await connected(ours.token);
    const b = await connected(theirs.token);
    const heardByB = recordAll(b);
    const announced = until<NewConversationAnnouncement>(
      a,
      socketEvents.newConversation(ours.companyId),
    );
    const sent = await sendSms(ours, 'For company A only.');
    await announced;

    // B asks as itself, and pretending to be A's user.
    b.emit(socketEvents.getNewConversation, {
      eventID: sent._id,
      userID: theirs.userId,
      time: Date.now(),
    });
    b.emit(socketEvents.getNewConversation, {
      eventID: sent._id,
      userID: ours.userId,
      time: Date.now(),
    });
    // And A's own socket proves the same requests would have been answered by now.
    const control = until(a, socketEvents.newConversationForUser(ours.userId));
    a.emit(socketEvents.getNewConversation, {
      eventID: sent._id,
      userID: ours.userId,
      time: Date.now(),
    });
    await control;
    // B asks for an event of its own after the refused requests, on the same socket: its answer
    // comes after whatever they got.
    const answered = until<NewConversationDelivery>(
      b,
      socketEvents.newConversationForUser(theirs.userId),
    );
    b.emit(socketEvents.getNewConversation, {
      eventID: theirMessage.id,
      userID: theirs.userId,
      time: Date.now(),
    });
    expect((await answered).events.map((event) => event._id)).toEqual([theirMessage.id]);
    expect(JSON.stringify(heardByB)).not.toContain(sent._id);
    expect(heardByB).toEqual([
      {
        event: socketEvents.newConversationForUser(theirs.userId),
        payload: expect.objectContaining({
          events: [expect.objectContaining({ _id: theirMessage.id })],
        }),
      },
    ]);
  });

  it('ignores malformed requests without answering or crashing', async () => {
    const socket = await connected(ours.token);
    const heard = recordAll(socket);
    socket.emit(socketEvents.getNewConversation, { eventID: 'not-a-uuid', userID: ours.userId });
    socket.emit(socketEvents.getNewConversation, 'nonsense');
    socket.emit(socketEvents.getNewConversation, {
      eventID: '00000000-0000-4000-a000-000000000000',
      userID: ours.userId,
      time: Date.now(),
    });
    // A well-formed request sent after them is answered, so theirs would have been by now.
    const sent = await sendSms(ours, 'Answered after the malformed requests.');
    const control = until<NewConversationDelivery>(
      socket,
      socketEvents.newConversationForUser(ours.userId),
    );
    socket.emit(socketEvents.getNewConversation, {
      eventID: sent._id,
      userID: ours.userId,
      time: Date.now(),
    });
    expect((await control).events.map((event) => event._id)).toEqual([sent._id]);
    // Announcements of earlier tests' messages may still arrive; no answer to the bad requests may.
    const answers = heard.filter(
      ({ event }) => event === socketEvents.newConversationForUser(ours.userId),
    );
    expect(
      answers.map(({ payload }) => (payload as NewConversationDelivery).events[0]?._id),
    ).toEqual([sent._id]);
    expect(socket.connected).toBe(true);
  });

  it('disconnects a socket whose token expires, unless the client re-authenticates', async () => {
    const tokensFor = (idTokenTtlSeconds: number) =>
      createTokenService(t.db, { ...t.app.config.auth, idTokenTtlSeconds });
    const principal = await t.app.resolvePrincipal(ours.token);
    const subject = {
      userId: principal.id,
      email: principal.email,
      name: principal.name,
      picture: null,
      companyId: principal.companyId,
    };
    // The renewed socket's first token runs out a second before the lapsing socket's: once the
    // lapsing one is closed, the renewed one would have been closed before it.
    const [twoSeconds, threeSeconds] = await Promise.all([tokensFor(2), tokensFor(3)]);
    const renewedToken = await twoSeconds.signIdToken(subject);
    const lapsing = await connected(await threeSeconds.signIdToken(subject));
    const renewed = await connected(renewedToken);
    const lapsingError = until<{ code: string }>(lapsing, socketEvents.socketError);
    const lapsingGone = until<string>(lapsing, 'disconnect');

    const otherUser = await renewed.emitWithAck(socketEvents.reauthenticate, {
      token: theirs.token,
    });
    expect(otherUser).toEqual({ ok: false, error: 'The token belongs to another user.' });
    const bad = await renewed.emitWithAck(socketEvents.reauthenticate, { token: 'nope' });
    expect(bad.ok).toBe(false);
    expect(await renewed.emitWithAck(socketEvents.reauthenticate, { token: ours.token })).toEqual({
      ok: true,
    });

    expect((await lapsingError).code).toBe('TOKEN_EXPIRED');
    expect(await lapsingGone).toBe('io server disconnect');
    // The server still answers the renewed socket, after the moment its first token ran out.
    expect(
      await renewed.timeout(5_000).emitWithAck(socketEvents.reauthenticate, { token: ours.token }),
    ).toEqual({ ok: true });
    expect(renewed.connected).toBe(true);
  });
});
