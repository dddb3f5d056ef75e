import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import twilio from 'twilio';
import { and, eq } from 'drizzle-orm';
import type { Lead, UnmatchedMessagePage } from '@leasing/contract';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { leadSources, phoneNumbers } from '../../db/schema/index.js';
import { createLead } from '../../test/factories.js';
import { bearer, everyDatabase, login } from '../../test/test-app.js';
import {
  automaticReplies,
  eventsBySid,
  footprint,
  leadById,
  newMessageSid,
  openConsole,
  postInbound,
  HARBOR_NUMBER,
  SHARED_NUMBER,
  startInboundApp,
  SUMMIT_NUMBER,
  text,
  textedEarlier,
  twilioInboundForm,
  unmatchedBySid,
  WEBHOOK_PATH,
  type InboundTestApp,
} from './test-support.js';

/** Twilio calls a tunnel in front of the app: another host, a non-standard port, a path prefix. */
const TUNNEL_URL = 'http://tunnel.test:8443/base';
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

describe.each(everyDatabase())('inbound SMS from Twilio on $name', (target) => {
  let t: InboundTestApp;
  beforeAll(async () => {
    t = await startInboundApp(target, { publicUrl: TUNNEL_URL });
  });
  afterAll(() => t.stop());

  /** A lead of `property` at `phone`, beside the world's. */
  const leadAt = (
    property: 'maple' | 'riverside' | 'summit' | 'harborTower',
    name: string,
    phone: string,
    extra: Parameters<typeof createLead>[2] = {},
  ) => createLead(t.app.database.db, t.world[property], { name, phone, ...extra });
  const unmatchedPage = async (token: string, query = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/unmatched-messages${query}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return response.json<UnmatchedMessagePage>();
  };

  it('answers a signed webhook (query string, tunnel port and prefix) with empty TwiML and stores the text on the lead', async () => {
    // A keyword does get an automatic reply, and the same read sees it. (Another company's lead:
    // its reply, sent before the next test, is announced to consoles these tests do not open.)
    const control = await leadAt('harborTower', 'Control Lead', '+16195550131');
    await textedEarlier(t, control, 5);
    await text(t, control.phone!, HARBOR_NUMBER, 'HELP');
    expect(await automaticReplies(t, control.id)).toHaveLength(1);
    await expect
      .poll(() => t.fake.received.filter((sms) => sms.to === control.phone).length, {
        timeout: 10_000,
      })
      .toBe(1);
    await t.fake.settled();

    const ava = t.world.ava;
    const sid = newMessageSid();
    const form = twilioInboundForm({
      sid,
      from: '(512) 555-0101',
      to: SHARED_NUMBER,
      body: 'Can I see the unit on Saturday?',
      accountSid: t.fake.accountSid,
    });
    const response = await postInbound(t, form, { path: `${WEBHOOK_PATH}?source=sms&v=2` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/xml');
    expect(response.body).toBe(EMPTY_TWIML);

    const [event] = await eventsBySid(t, sid);
    expect(event).toMatchObject({
      leadId: ava.id,
      companyId: ava.companyId,
      eventType: 'SMS',
      senderType: 'LEAD',
      senderName: 'Ava Thompson',
      body: 'Can I see the unit on Saturday?',
      sendingStatus: null,
      providerStatus: 'received',
      attachments: [],
    });
    expect((await leadById(t, ava.id)).lastActivityAt.getTime()).toBe(event!.date.getTime());
    expect(await automaticReplies(t, ava.id)).toHaveLength(0);
  });

  it('refuses a tampered, wrongly signed, unsigned or re-addressed webhook: 403, nothing stored, queued or announced', async () => {
    const console = await openConsole(t);
    try {
      const url = `${TUNNEL_URL}${WEBHOOK_PATH}`;
      // A rightly signed text is stored and announced: the same footprint and console notice it.
      const ava = t.world.ava;
      const genuine = twilioInboundForm({
        from: ava.phone!,
        to: SHARED_NUMBER,
        body: 'Is parking included?',
        accountSid: t.fake.accountSid,
      });
      const beforeGenuine = await footprint(t);
      const accepted = await postInbound(t, genuine, {
        signature: twilio.getExpectedTwilioSignature(t.fake.authToken, url, genuine),
      });
      expect(accepted.statusCode).toBe(200);
      const [stored] = await eventsBySid(t, genuine.MessageSid!);
      expect(stored).toBeDefined();
      await expect
        .poll(() => console.heard.map((announcement) => announcement.eventID), { timeout: 5_000 })
        .toContain(stored!.id);
      expect((await footprint(t)).events).toBe(beforeGenuine.events + 1);
      const heardBefore = console.heard.length;

      const before = await footprint(t);
      const form = twilioInboundForm({
        from: '+15125550101',
        to: SHARED_NUMBER,
        body: 'HELP',
        accountSid: t.fake.accountSid,
      });
      const signed = twilio.getExpectedTwilioSignature(t.fake.authToken, url, form);
      const attempts = [
        postInbound(t, { ...form, Body: 'STOP' }, { signature: signed }),
        postInbound(t, form, {
          signature: twilio.getExpectedTwilioSignature('0'.repeat(32), url, form),
        }),
        postInbound(t, form, { signature: null }),
        postInbound(t, form, {
          signature: twilio.getExpectedTwilioSignature(
            t.fake.authToken,
            `http://tunnel.test:8443${WEBHOOK_PATH}`,
            form,
          ),
        }),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ error: { code: 'BAD_SIGNATURE' } });
      }
      expect(await footprint(t)).toEqual(before);
      // A rightly signed text after them is stored and announced: had a refused one been let
      // through, its announcement would have come first.
      const later = twilioInboundForm({
        from: ava.phone!,
        to: SHARED_NUMBER,
        body: 'And is there a gym?',
        accountSid: t.fake.accountSid,
      });
      const laterAccepted = await postInbound(t, later, {
        signature: twilio.getExpectedTwilioSignature(t.fake.authToken, url, later),
      });
      expect(laterAccepted.statusCode).toBe(200);
      const [laterStored] = await eventsBySid(t, later.MessageSid!);
      await expect
        .poll(() => console.heard.map((announcement) => announcement.eventID), { timeout: 5_000 })
        .toContain(laterStored!.id);
      const laterAt = console.heard.findIndex(({ eventID }) => eventID === laterStored!.id);
      expect(console.heard.slice(heardBefore, laterAt)).toEqual([]);
      expect((await footprint(t)).events).toBe(before.events + 1);
      expect(await eventsBySid(t, form.MessageSid!)).toHaveLength(0);
    } finally {
      console.close();
    }
  });

  it('announces an inbound text to the open consoles of the company', async () => {
    const console = await openConsole(t);
    try {
      const ava = t.world.ava;
      const { event } = await text(t, ava.phone!, SHARED_NUMBER, 'Is parking included?');
      await expect
        .poll(() => console.heard, { timeout: 5_000 })
        .toContainEqual({ eventID: event!.id, leadID: ava.id });
    } finally {
      console.close();
    }
  });

  it('stores one event, one reply and one unmatched text however often and concurrently Twilio delivers', async () => {
    const liam = t.world.liam;
    const repliesBefore = (await automaticReplies(t, liam.id)).length;
    const form = twilioInboundForm({
      from: liam.phone!,
      to: SHARED_NUMBER,
      body: 'help',
      accountSid: t.fake.accountSid,
    });
    const concurrent = await Promise.all([1, 2, 3].map(() => postInbound(t, form)));
    expect(concurrent.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect((await postInbound(t, form)).statusCode).toBe(200);
    expect(await eventsBySid(t, form.MessageSid!)).toHaveLength(1);
    expect(await automaticReplies(t, liam.id)).toHaveLength(repliesBefore + 1);

    const stranger = twilioInboundForm({
      from: '+15125550666',
      to: SHARED_NUMBER,
      body: 'Who is this?',
      accountSid: t.fake.accountSid,
    });
    await Promise.all([1, 2, 3].map(() => postInbound(t, stranger)));
    expect(await unmatchedBySid(t, stranger.MessageSid!)).toHaveLength(1);
  });

  // Two processes can share PostgreSQL only (embedded PGlite belongs to one process), so this
  // test exists for that target alone rather than being skipped on the other.
  if (target.name === 'postgres')
    it('stores one event when two server processes on one database receive the same webhook', async () => {
      const database = await openDatabase({
        kind: 'postgres',
        url: t.database.connectionString!,
      });
      const second = await buildApp({ config: t.app.config, database });
      try {
        const ava = t.world.ava;
        const form = twilioInboundForm({
          from: ava.phone!,
          to: SHARED_NUMBER,
          body: 'Sent once, delivered twice',
          accountSid: t.fake.accountSid,
        });
        const answers = await Promise.all([
          postInbound(t, form),
          postInbound(t, form, { app: second }),
          postInbound(t, form),
          postInbound(t, form, { app: second }),
        ]);
        expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
        expect(await eventsBySid(t, form.MessageSid!)).toHaveLength(1);
      } finally {
        await second.close();
        await database.close();
      }
    });

  it("routes a text to a property's own number to that property's lead, the most recently active of several", async () => {
    const { summit } = t.world;
    const older = await leadAt('summit', 'Grace Older', '+15125550711', {
      lastActivityAt: new Date(Date.now() - 3_600_000),
    });
    const newer = await leadAt('summit', 'Grace Newer', '+15125550711', {
      lastActivityAt: new Date(Date.now() - 60_000),
    });
    // The same phone elsewhere, texted more recently, does not matter on the Summit's number.
    await textedEarlier(t, await leadAt('maple', 'Grace Maple', '+15125550711'), 0);

    const { event } = await text(t, '+1 512-555-0711', SUMMIT_NUMBER, 'Is the pool heated?');
    expect(event!.leadId).toBe(newer.id);
    expect(event!.leadId).not.toBe(older.id);
    expect(summit.smsNumber).toBe(SUMMIT_NUMBER);
  });

  it("makes an unknown sender on a property's own number a new lead of that property, once", async () => {
    const { summit } = t.world;
    const first = await text(t, '+15125550199', SUMMIT_NUMBER, 'Hi, do you have 1 bedrooms?');
    const lead = await leadById(t, first.event!.leadId);
    expect(lead).toMatchObject({
      propertyId: summit.id,
      companyId: summit.companyId,
      name: '(512) 555-0199',
      phone: '+15125550199',
      pmsLeadId: 'SMS-15125550199',
      phoneOptStatus: 'NO_INDICATION',
    });
    const second = await text(t, '5125550199', SUMMIT_NUMBER, 'Also, pets?');
    expect(second.event!.leadId).toBe(lead.id);

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/properties/${summit.id}/leads/SMS-15125550199`,
      headers: bearer(t.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Lead>().conversations.map((event) => event.body)).toEqual([
      'Also, pets?',
      'Hi, do you have 1 bedrooms?',
    ]);

    // A PMS id already taken in the property is not reused.
    await leadAt('summit', 'Someone Else', '+15125550100', { pmsLeadId: 'SMS-15125550198' });
    const taken = await text(t, '+15125550198', SUMMIT_NUMBER, 'Hello');
    expect((await leadById(t, taken.event!.leadId)).pmsLeadId).toBe('SMS-15125550198-2');
  });

  it("gives a new lead on a tracking number the number's source, and leaves a known lead's alone", async () => {
    const { db } = t.app.database;
    const { summit, lakeside } = t.world;
    const [zillow] = await db
      .select()
      .from(leadSources)
      .where(and(eq(leadSources.companyId, lakeside.id), eq(leadSources.name, 'Zillow')));
    const tracking = eq(phoneNumbers.e164, SUMMIT_NUMBER);
    await db.update(phoneNumbers).set({ sourceId: zillow!.id }).where(tracking);
    try {
      const known = await leadAt('summit', 'Known Lead', '+15125550177');
      const fromKnown = await text(t, known.phone!, SUMMIT_NUMBER, 'Still available?');
      expect(fromKnown.event!.leadId).toBe(known.id);
      expect((await leadById(t, known.id)).sourceId).toBeNull();

      const fresh = await text(t, '+15125550178', SUMMIT_NUMBER, 'Saw you on Zillow');
      const lead = await leadById(t, fresh.event!.leadId);
      expect(lead).toMatchObject({ propertyId: summit.id, sourceId: zillow!.id });
    } finally {
      await db.update(phoneNumbers).set({ sourceId: null }).where(tracking);
    }
  });

  it('routes a text to the shared number to the lead its owner most recently texted at that phone, never to another company', async () => {
    const phone = '+15125550777';
    const maple = await leadAt('maple', 'Pat Maple', phone);
    const riverside = await leadAt('riverside', 'Pat Riverside', phone);
    const summit = await leadAt('summit', 'Pat Summit', phone);
    const harbor = await leadAt('harborTower', 'Pat Harbor', phone);
    await textedEarlier(t, maple, 30);
    await textedEarlier(t, riverside, 20);
    // Not on the shared number: the Summit texts from its own.
    await textedEarlier(t, summit, 1);

    expect((await text(t, phone, SHARED_NUMBER, 'Which one of you is this?')).event!.leadId).toBe(
      riverside.id,
    );
    // The lead's own earlier texts do not count: only what we sent them.
    expect((await text(t, phone, SHARED_NUMBER, 'Hello again')).event!.leadId).toBe(riverside.id);

    // Another company texted this phone last: the shared number still answers only its owner.
    await textedEarlier(t, harbor, 0.5);
    expect((await text(t, phone, SHARED_NUMBER, 'Still me')).event!.leadId).toBe(riverside.id);
    // Sent to Harbor Point's own number, the same phone is Harbor Point's lead.
    const toHarbor = await text(t, phone, HARBOR_NUMBER, 'Ocean view still open?');
    expect(toHarbor.event).toMatchObject({ leadId: harbor.id, companyId: harbor.companyId });
  });

  it("keeps a stranger on the shared number as unmatched, visible to the number's company only", async () => {
    // A lead we texted from the shared number is stored as an event, found by the same read.
    const known = await text(t, t.world.liam.phone!, SHARED_NUMBER, 'Is this the apartment place?');
    expect(await eventsBySid(t, known.sid)).toHaveLength(1);

    const { sid } = await text(t, '+15125550888', SHARED_NUMBER, 'Is this the apartment place?');
    expect(await eventsBySid(t, sid)).toHaveLength(0);
    const [row] = await unmatchedBySid(t, sid);
    expect(row).toMatchObject({
      channel: 'SMS',
      companyId: t.companyId,
      fromAddress: '+15125550888',
      toAddress: SHARED_NUMBER,
      body: 'Is this the apartment place?',
    });
    expect(row!.reason).toMatch(/Nobody has texted \(512\) 555-0888 from \(512\) 555-0000/);

    const listed = (await unmatchedPage(t.token)).items.find((item) => item._id === row!.id);
    expect(listed).toEqual({
      _id: row!.id,
      channel: 'SMS',
      from: '+15125550888',
      to: SHARED_NUMBER,
      subject: null,
      body: 'Is this the apartment place?',
      attachmentsUrls: [],
      files: [],
      reason: row!.reason,
      optedOut: false,
      receivedAt: row!.receivedAt.toISOString(),
      status: 'OPEN',
      resolvedAt: null,
      resolvedByName: null,
      lead: null,
    });

    // Harbor Point reads the strangers on its own number, and not Lakeside's.
    const harbor = (await login(t.app, t.world.harborStaff.credentials)).token;
    const onHarbor = await text(t, '+15125550888', HARBOR_NUMBER, 'Is this Harbor Point?');
    const [harborRow] = await unmatchedBySid(t, onHarbor.sid);
    const harborSees = (await unmatchedPage(harbor)).items.map((item) => item._id);
    expect(harborSees).toContain(harborRow!.id);
    expect(harborSees).not.toContain(row!.id);
    expect((await unmatchedPage(t.token)).items.map((item) => item._id)).not.toContain(
      harborRow!.id,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/unmatched-messages' })).statusCode).toBe(
      401,
    );
  });

  it('keeps a text to a number nobody uses, or from a sender that is no phone number, as unmatched with the reason', async () => {
    const nobody = await text(t, '+15125550101', '+15125550999', 'Wrong number?');
    const [toNobody] = await unmatchedBySid(t, nobody.sid);
    expect(toNobody!.reason).toMatch(/sent to \(512\) 555-0999, which no company here owns/);
    // Nobody owns it, so no company reads it.
    expect(toNobody!.companyId).toBeNull();
    expect((await unmatchedPage(t.token)).items.map((item) => item._id)).not.toContain(
      toNobody!.id,
    );
    const alpha = await text(t, 'LEASINGCO', SHARED_NUMBER, 'Promo');
    const [fromAlpha] = await unmatchedBySid(t, alpha.sid);
    expect(fromAlpha).toMatchObject({ fromAddress: 'LEASINGCO' });
    expect(fromAlpha!.reason).toMatch(/"LEASINGCO" is not a phone number/);
  });

  it('pages unmatched texts newest first with a keyset cursor', async () => {
    for (const body of ['first', 'second', 'third'])
      await text(t, '+15125550889', SHARED_NUMBER, `page ${body}`);
    const seen: UnmatchedMessagePage['items'] = [];
    let cursor: string | null = null;
    do {
      const page: UnmatchedMessagePage = await unmatchedPage(
        t.token,
        `?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.map((item) => item.body).filter((body) => body?.startsWith('page '))).toEqual([
      'page third',
      'page second',
      'page first',
    ]);
    expect(new Set(seen.map((item) => item._id)).size).toBe(seen.length);
    const times = seen.map((item) => Date.parse(item.receivedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('has no simulated replies when real Twilio is configured', async () => {
    const ava = t.world.ava;
    const before = await footprint(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/inbound-sms',
      headers: bearer(t.token),
      payload: { leadID: ava.id, text: 'STOP' },
    });
    expect(response.statusCode).toBe(404);
    expect(await footprint(t)).toEqual(before);
  });
});
