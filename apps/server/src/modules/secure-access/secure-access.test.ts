import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessLinkSchema,
  LEAD_ACCESS_AUDIENCE,
  secureAccessLeadSchema,
  socketEvents,
  type NewConversationAnnouncement,
  type NewConversationDelivery,
  type NewMessageTranslation,
} from '@leasing/contract';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { conversationEvents, notes, type LeadRow } from '../../db/schema/index.js';
import { domainEvent } from '../../events/domain-events.js';
import { companyRoom } from '../../lib/socket-rooms.js';
import { createSocketOpener } from '../../test/sockets.js';
import { bearer, oneDatabase, login, testConfig } from '../../test/test-app.js';
import { createTestClock } from '../../test/test-clock.js';
import { createLead, createOffice, createProperty, createUser } from '../../test/factories.js';
import { useTestApp } from '../../test/use-test-app.js';
import { createLeadAccessLink } from './access-links.service.js';

const MINUTE = 60_000;
/** The staff user who signs in, a colleague links are minted for, and another company's user. */
const STAFF_EMAIL = 'dana@lakeside.test';
const MARCUS_EMAIL = 'marcus@lakeside.test';
const OTHER_EMAIL = 'olivia@harbor.test';

const smsBody = (text: string) => ({
  'content-type': 'multipart/form-data; boundary=x',
  payload: `--x\r\nContent-Disposition: form-data; name="text"\r\n\r\n${text}\r\n--x--\r\n`,
});

describe.each(oneDatabase())('secure-access links ($name)', (target) => {
  const clock = createTestClock();
  // Listening for the live-update sockets.
  const t = useTestApp(target, { seed: 'none', now: clock.now, listen: true });
  let staffToken: string;
  /** Ava Thompson: the lead the links open (her office decision is open). */
  let ava: LeadRow;
  /** Taylor Brooks: a lead of the same company the links must not reach. */
  let taylor: LeadRow;
  let harborLead: LeadRow;
  let marcusId: string;

  const mintFor = (lead: LeadRow, userEmail = MARCUS_EMAIL, ttlSeconds?: number) =>
    createLeadAccessLink(t.app.services.accessLinks, {
      companyId: lead.companyId,
      leadId: lead.id,
      userEmail,
      ttlSeconds,
    });

  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) });

  beforeAll(async () => {
    const { db } = t;
    const office = await createOffice(db, { staff: { email: STAFF_EMAIL } });
    marcusId = (
      await createUser(db, office.company.id, { email: MARCUS_EMAIL, name: 'Marcus Lee' })
    ).user.id;
    const elsewhere = await createOffice(db, { staff: { email: OTHER_EMAIL } });
    ava = await createLead(db, office.property, {
      name: 'Ava Thompson',
      officeDecisionStatus: 'PENDING',
    });
    taylor = await createLead(db, await createProperty(db, office.company.id), {
      name: 'Taylor Brooks',
    });
    harborLead = await createLead(db, elsewhere.property);
    staffToken = (await login(t.app, office.staff.credentials)).token;
  });

  describe('minting', () => {
    it('lets staff mint a link for a lead from the pane, acting for themselves, 30 minutes by default', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/leads/${ava.id}/access-links`,
        headers: bearer(staffToken),
        payload: {},
      });
      expect(response.statusCode).toBe(200);
      const link = accessLinkSchema.parse(response.json());
      expect(link.url).toBe(
        `http://localhost:3000/secure-access?access_token=${encodeURIComponent(link.token)}`,
      );
      const claims = decodeJwt(link.token);
      expect(claims.aud).toBe(LEAD_ACCESS_AUDIENCE);
      expect(claims.leadID).toBe(ava.id);
      expect(claims.companyID).toBe(ava.companyId);
      expect(claims.sub).toBe((await t.app.resolvePrincipal(staffToken)).id);
      const ttl = Date.parse(link.expiresAt) - Date.now();
      expect(ttl).toBeGreaterThan(29 * MINUTE);
      expect(ttl).toBeLessThanOrEqual(30 * MINUTE);

      const me = await get('/api/me', link.token);
      expect(me.json()).toMatchObject({ email: STAFF_EMAIL });
    });

    it('takes a shorter or longer life, up to 24 hours, and names ttlSeconds when it is out of range', async () => {
      const mint = (ttlSeconds: number) =>
        t.app.inject({
          method: 'POST',
          url: `/api/leads/${ava.id}/access-links`,
          headers: bearer(staffToken),
          payload: { ttlSeconds },
        });
      const short = await mint(120);
      expect(
        Date.parse(short.json<{ expiresAt: string }>().expiresAt) - Date.now(),
      ).toBeLessThanOrEqual(2 * MINUTE);
      for (const ttlSeconds of [10, 24 * 60 * 60 + 1]) {
        const refused = await mint(ttlSeconds);
        expect(refused.statusCode).toBe(400);
        expect(refused.json<{ error: { message: string } }>().error.message).toMatch(/ttlSeconds/);
      }
      await expect(mintFor(ava, MARCUS_EMAIL, 5)).rejects.toMatchObject({
        statusCode: 400,
        message: expect.stringMatching(/^ttlSeconds/),
      });
    });

    it("refuses staff another company's lead", async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/leads/${harborLead.id}/access-links`,
        headers: bearer(staffToken),
        payload: {},
      });
      expect(response.statusCode).toBe(403);
    });

    it('mints through the exported function for the user named by email', async () => {
      const link = await mintFor(ava, MARCUS_EMAIL.toUpperCase());
      const me = await get('/api/me', link.token);
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ email: MARCUS_EMAIL, name: 'Marcus Lee' });
    });

    it("answers 400 naming userEmail for an unknown address or another company's user", async () => {
      for (const userEmail of ['nobody@leasing.test', OTHER_EMAIL]) {
        await expect(mintFor(ava, userEmail)).rejects.toMatchObject({
          statusCode: 400,
          message: expect.stringMatching(/^userEmail: /),
        });
      }
    });

    it("answers 403 for another company's lead and 404 for an unknown one", async () => {
      await expect(
        createLeadAccessLink(t.app.services.accessLinks, {
          companyId: ava.companyId,
          leadId: harborLead.id,
          userEmail: STAFF_EMAIL,
        }),
      ).rejects.toMatchObject({ statusCode: 403 });
      await expect(
        createLeadAccessLink(t.app.services.accessLinks, {
          companyId: ava.companyId,
          leadId: '00000000-0000-4000-a000-000000000000',
          userEmail: STAFF_EMAIL,
        }),
      ).rejects.toMatchObject({ statusCode: 404 });
    });
  });

  describe('scope', () => {
    let token: string;
    beforeAll(async () => {
      token = (await mintFor(ava)).token;
    });

    it('tells the page which lead the token opens', async () => {
      const response = await get('/api/secure-access/lead', token);
      expect(response.statusCode).toBe(200);
      expect(secureAccessLeadSchema.parse(response.json())).toMatchObject({
        leadID: ava.id,
        propertyID: ava.propertyId,
        pmsLeadId: ava.pmsLeadId,
      });
      expect((await get('/api/secure-access/lead', staffToken)).statusCode).toBe(403);
    });

    it("reaches that lead's pane, history, notes, sends and decision, as the user it acts for", async () => {
      const pane = await get(
        `/api/properties/${ava.propertyId}/leads/${encodeURIComponent(ava.pmsLeadId)}`,
        token,
      );
      expect(pane.statusCode).toBe(200);
      expect(pane.json()).toMatchObject({ _id: ava.id, name: 'Ava Thompson' });
      expect((await get(`/api/leads/${ava.id}/conversations`, token)).statusCode).toBe(200);
      expect((await get(`/api/leads/${ava.id}/notes`, token)).statusCode).toBe(200);
      expect((await get('/api/config', token)).statusCode).toBe(200);

      const note = await t.app.inject({
        method: 'POST',
        url: `/api/leads/${ava.id}/notes`,
        headers: bearer(token),
        payload: { leadID: ava.id, companyID: ava.companyId, text: 'Seen from the PMS.' },
      });
      expect(note.statusCode).toBe(200);
      expect(note.json<{ text: string; createdByUserName: string }[]>()[0]).toMatchObject({
        text: 'Seen from the PMS.',
        createdByUserName: 'Marcus Lee',
      });

      const { payload, ...headers } = smsBody('Sent through a secure link.');
      const sms = await t.app.inject({
        method: 'POST',
        url: `/api/leads/${ava.id}/sms`,
        headers: { ...bearer(token), ...headers },
        payload,
      });
      expect(sms.statusCode).toBe(200);
      expect(sms.json()).toMatchObject({ leadID: ava.id, senderName: 'Marcus Lee' });

      const decision = await t.app.inject({
        method: 'PUT',
        url: `/api/companies/${ava.companyId}/leads/${ava.id}/office-decision`,
        headers: bearer(token),
        payload: { status: 'COMPLETED', isSeenByUser: true },
      });
      expect(decision.statusCode).toBe(200);
      expect(decision.json()).toMatchObject({
        officeDecisionState: { status: 'COMPLETED', completedByUserName: 'Marcus Lee' },
      });
    });

    it("answers 403 for another lead, the company's lists and staff-only routes, and writes nothing", async () => {
      const refused = [
        [
          'GET',
          `/api/properties/${taylor.propertyId}/leads/${encodeURIComponent(taylor.pmsLeadId)}`,
        ],
        // Ava's own property id with Taylor's PMS id, and Ava's PMS id under another property.
        ['GET', `/api/properties/${ava.propertyId}/leads/${encodeURIComponent(taylor.pmsLeadId)}`],
        ['GET', `/api/properties/${taylor.propertyId}/leads/${encodeURIComponent(ava.pmsLeadId)}`],
        ['GET', `/api/leads/${taylor.id}/conversations`],
        ['GET', `/api/leads/${taylor.id}/notes`],
        ['GET', '/api/properties'],
        ['GET', `/api/properties/${ava.propertyId}/leads`],
        ['GET', '/api/outbox'],
        ['GET', '/api/unmatched-messages'],
        ['POST', `/api/leads/${ava.id}/access-links`],
        ['PUT', `/api/companies/${ava.companyId}/leads/${taylor.id}/office-decision`],
        ['PUT', `/api/companies/${harborLead.companyId}/leads/${ava.id}/office-decision`],
      ] as const;
      for (const [method, url] of refused) {
        const response = await t.app.inject({
          method,
          url,
          headers: bearer(token),
          payload: method === 'GET' ? undefined : { status: 'COMPLETED', isSeenByUser: true },
        });
        expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 403 });
      }

      // Staff can write to Taylor: the same reads show a note and a text that do land.
      const notesOfTaylor = () =>
        t.app.database.db.select().from(notes).where(eq(notes.leadId, taylor.id));
      const staffNote = await t.app.inject({
        method: 'POST',
        url: `/api/leads/${taylor.id}/notes`,
        headers: bearer(staffToken),
        payload: { leadID: taylor.id, companyID: taylor.companyId, text: 'Staff note.' },
      });
      expect(staffNote.statusCode).toBe(200);
      expect((await notesOfTaylor()).map((row) => row.text)).toContain('Staff note.');
      const staffText = smsBody('Sent by staff.');
      const staffSms = await t.app.inject({
        method: 'POST',
        url: `/api/leads/${taylor.id}/sms`,
        headers: { ...bearer(staffToken), 'content-type': staffText['content-type'] },
        payload: staffText.payload,
      });
      expect(staffSms.statusCode).toBe(200);
      const shown = await get(`/api/leads/${taylor.id}/conversations?limit=200`, staffToken);
      expect(shown.body).toContain('Sent by staff.');

      const notesBefore = await notesOfTaylor();
      const note = await t.app.inject({
        method: 'POST',
        url: `/api/leads/${taylor.id}/notes`,
        headers: bearer(token),
        payload: { leadID: taylor.id, companyID: taylor.companyId, text: 'Should not land.' },
      });
      expect(note.statusCode).toBe(403);
      const { payload, ...headers } = smsBody('Should not be sent.');
      const sms = await t.app.inject({
        method: 'POST',
        url: `/api/leads/${taylor.id}/sms`,
        headers: { ...bearer(token), ...headers },
        payload,
      });
      expect(sms.statusCode).toBe(403);
      expect(await notesOfTaylor()).toHaveLength(notesBefore.length);
      const history = await get(`/api/leads/${taylor.id}/conversations?limit=200`, staffToken);
      expect(history.body).not.toContain('Should not be sent.');
    });

    it('answers 401 once it has expired, or when it was tampered with', async () => {
      const principal = await t.app.resolvePrincipal(staffToken);
      const lapsing = await t.app.tokens.signLeadAccessToken(
        { userId: principal.id, companyId: ava.companyId, leadId: ava.id },
        1,
      );
      expect((await get('/api/me', lapsing)).statusCode).toBe(200);
      clock.advance(2_000);
      const expired = await get('/api/me', lapsing);
      expect(expired.statusCode).toBe(401);
      expect(expired.json<{ error: { message: string } }>().error.message).toMatch(/expired/);

      const [header, payload] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<
        string,
        unknown
      >;
      const widened = Buffer.from(JSON.stringify({ ...claims, leadID: taylor.id })).toString(
        'base64url',
      );
      const forged = `${header}.${widened}.${token.split('.')[2]}`;
      expect((await get(`/api/leads/${taylor.id}/conversations`, forged)).statusCode).toBe(401);
    });

    it('dies with a deactivation of the user it acts for, even once they are back', async () => {
      const before = (await mintFor(ava)).token;
      expect((await get('/api/me', before)).statusCode).toBe(200);
      clock.advance(1_000);
      const team = (action: string) =>
        t.app.inject({
          method: 'POST',
          url: `/api/team/${marcusId}/${action}`,
          headers: bearer(staffToken),
        });
      expect((await team('deactivate')).statusCode).toBe(200);
      expect((await team('reactivate')).statusCode).toBe(200);
      clock.advance(1_000);

      const refused = await get('/api/me', before);
      expect(refused.statusCode).toBe(401);
      expect(refused.json<{ error: { message: string } }>().error.message).toMatch(/withdrawn/);
      // Control: a link minted after the reactivation opens the lead.
      expect((await get('/api/me', (await mintFor(ava)).token)).statusCode).toBe(200);
    });

    it('cannot become a staff session: refused as an ID token, and refresh issues nothing', async () => {
      await expect(t.app.resolvePrincipal(token)).rejects.toMatchObject({ statusCode: 401 });
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: bearer(token),
      });
      expect(refresh.statusCode).toBe(401);
      expect(refresh.cookies.filter((cookie) => cookie.value !== '')).toEqual([]);
      // And a staff ID token never passes for an access token.
      await expect(t.app.resolveLeadAccess(staffToken)).rejects.toMatchObject({ statusCode: 401 });
    });
  });

  describe('live updates', () => {
    const sockets = createSocketOpener();

    const connected = (token: string) => sockets.open(t.url, token);

    const staffSms = async (lead: LeadRow, text: string) => {
      const { payload, ...headers } = smsBody(text);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/leads/${lead.id}/sms`,
        headers: { ...bearer(staffToken), ...headers },
        payload,
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ _id: string }>()._id;
    };

    afterAll(() => sockets.closeAll());

    it("hears its own lead's events and is answered about them, never another lead's", async () => {
      const { token } = await mintFor(ava, STAFF_EMAIL);
      const socket = await connected(token);
      const principal = await t.app.resolvePrincipal(staffToken);
      const companySockets = await t.app.io.in(companyRoom(ava.companyId)).fetchSockets();
      expect(companySockets.map((s) => s.id)).not.toContain(socket.id);

      const announced: NewConversationAnnouncement[] = [];
      socket.on(socketEvents.newConversation(ava.companyId), (a: NewConversationAnnouncement) =>
        announced.push(a),
      );
      const delivered: NewConversationDelivery[] = [];
      socket.on(socketEvents.newConversationForUser(principal.id), (d: NewConversationDelivery) =>
        delivered.push(d),
      );

      const taylorEvent = await staffSms(taylor, 'For Taylor only.');
      const avaEvent = await staffSms(ava, 'For Ava, heard through the link.');
      await expect
        .poll(() => announced.some((a) => a.eventID === avaEvent), { timeout: 5_000 })
        .toBe(true);
      expect(announced.every((a) => a.leadID === ava.id)).toBe(true);

      // Asking for the other lead's event by id gets nothing; asking for its own is answered.
      for (const eventID of [taylorEvent, avaEvent]) {
        socket.emit(socketEvents.getNewConversation, {
          eventID,
          userID: principal.id,
          time: Date.now(),
        });
      }
      await expect
        .poll(() => delivered.some((d) => d.events[0]?._id === avaEvent), { timeout: 5_000 })
        .toBe(true);
      // Translations travel to the lead's room as well, and only for that lead.
      const translated: NewMessageTranslation[] = [];
      socket.on(socketEvents.newMessageTranslation(ava.companyId), (m: NewMessageTranslation) =>
        translated.push(m),
      );
      // A translation as the translation worker writes it: stored, and recorded on the port.
      const translate = (eventId: string) =>
        t.app.events.transaction(async ({ db, record }) => {
          const [row] = await db
            .select()
            .from(conversationEvents)
            .where(eq(conversationEvents.id, eventId));
          await db
            .update(conversationEvents)
            .set({
              data: { ...row!.data, translation: { body: { textInEnglish: 'In English' } } },
            })
            .where(eq(conversationEvents.id, eventId));
          record(
            domainEvent('message.translated', {
              companyId: row!.companyId,
              leadId: row!.leadId,
              timelineEventId: row!.id,
              translation: 'In English',
            }),
          );
        });
      await translate(taylorEvent);
      await translate(avaEvent);
      await expect
        .poll(() => translated.map((m) => m.messageID), { timeout: 5_000 })
        .toEqual([avaEvent]);

      // Taylor's message, the request for it and its translation each came before Ava's, to the
      // same socket: had any of them been let through, it would have arrived before Ava's.
      expect(JSON.stringify({ announced, delivered, translated })).not.toContain(taylorEvent);
    });

    it('refuses an expired access token, and keeps a lead socket from taking a staff token', async () => {
      const principal = await t.app.resolvePrincipal(staffToken);
      const expired = await t.app.tokens.signLeadAccessToken(
        { userId: principal.id, companyId: ava.companyId, leadId: ava.id },
        1,
      );
      clock.advance(2_000);
      const refused = connect(t.url, {
        path: '/socket.io',
        auth: { token: expired },
        transports: ['websocket'],
        reconnection: false,
      });
      const error = await new Promise<Error & { data?: { code?: string } }>((resolve, reject) => {
        refused.on('connect_error', resolve);
        refused.on('connect', () => reject(new Error('the socket was accepted')));
      }).finally(() => refused.close());
      expect(error.data?.code).toBe('UNAUTHORIZED');

      const socket = await connected((await mintFor(ava, STAFF_EMAIL)).token);
      const answer = await socket.emitWithAck(socketEvents.reauthenticate, { token: staffToken });
      expect(answer.ok).toBe(false);
      const companySockets = await t.app.io.in(companyRoom(ava.companyId)).fetchSockets();
      expect(companySockets.map((s) => s.id)).not.toContain(socket.id);
    });
  });
});

describe('framing (Content-Security-Policy frame-ancestors)', () => {
  // Headers need no demo data: an empty database is quicker to build.
  const headersWith = async (env: Record<string, string>) => {
    const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
    const app = await buildApp({ config: testConfig(env), database });
    try {
      return (await app.inject({ method: 'GET', url: '/api/config' })).headers;
    } finally {
      await app.close();
      await database.close();
    }
  };

  it('lets no site frame the console by default', async () => {
    const headers = await headersWith({});
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
  });

  it('lets the configured sites frame it, without X-Frame-Options', async () => {
    const headers = await headersWith({
      FRAME_ANCESTORS: 'https://pms.example.com, https://*.crm.example:8443',
    });
    expect(headers['content-security-policy']).toContain(
      'frame-ancestors https://pms.example.com https://*.crm.example:8443',
    );
    expect(headers['x-frame-options']).toBeUndefined();
  });

  it('stops start-up on a value that is not a list of origins', () => {
    expect(() => testConfig({ FRAME_ANCESTORS: 'pms.example.com/path' })).toThrow(
      /FRAME_ANCESTORS: comma-separated origins/,
    );
    expect(loadConfig({ FRAME_ANCESTORS: "'self'" }).frameAncestors).toEqual(["'self'"]);
  });
});
