import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import twilio from 'twilio';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { socketEvents, type NewConversationAnnouncement } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import {
  conversationEvents,
  leads,
  unmatchedMessages,
  type CompanyRow,
  type LeadRow,
  type PropertyRow,
} from '../../db/schema/index.js';
import {
  createLead,
  createOffice,
  createPhoneNumber,
  createProperty,
  createSentSms,
  type CreatedUser,
} from '../../test/factories.js';
import { startFakeTwilio, type FakeTwilio } from '../../test/fake-twilio.js';
import {
  bearer,
  freePort,
  login,
  startTestApp,
  type DatabaseTarget,
  type TestApp,
} from '../../test/test-app.js';

/**
 * TWILIO_FROM in these tests, owned by Lakeside (the first company): Maple Grove and Riverside
 * text from it.
 */
export const SHARED_NUMBER = '+15125550000';
/** Harbor Point's own number (no property's own): Harbor Point Tower texts from it. */
export const HARBOR_NUMBER = '+16195550390';
/** The Summit at Oak Hill's own number. */
export const SUMMIT_NUMBER = '+15125550190';
/** Lakeside Rentals, whose staff signs in: its HELP answer names this phone and address. */
export const LAKESIDE = {
  name: 'Lakeside Rentals',
  contactPhone: '+15125550100',
  registeredLeasingEmail: 'leasing@lakeside.test',
} as const;
/** Another company, with a number of its own, a phone and no leasing address. */
export const HARBOR = { name: 'Harbor Point Residential', contactPhone: '+16195550300' } as const;

export type InboundWorld = {
  lakeside: CompanyRow;
  staff: CreatedUser;
  /** Lakeside's properties on the shared number, and the Summit with a number of its own. */
  maple: PropertyRow;
  riverside: PropertyRow;
  summit: PropertyRow;
  harbor: CompanyRow;
  harborStaff: CreatedUser;
  /** Harbor Point's property, texting from HARBOR_NUMBER. */
  harborTower: PropertyRow;
  /** Leads of Maple Grove we texted from the shared number, so their answers find them. */
  ava: LeadRow;
  liam: LeadRow;
  /** A lead of Harbor Point nobody has texted yet. */
  wyatt: LeadRow;
};

/**
 * Two companies: Lakeside Rentals, the first, owns the shared number (TWILIO_FROM) with two
 * properties on it and the Summit on its own number; Harbor Point texts from a number of its own.
 * Leads we texted earlier from the shared number.
 */
export const buildInboundWorld = async (db: Db): Promise<InboundWorld> => {
  const {
    company: lakeside,
    staff,
    property: maple,
  } = await createOffice(db, {
    company: LAKESIDE,
    staff: { name: 'Dana Whitfield' },
    property: { name: 'Maple Grove Apartments', pmsPropertyId: 'P-1001' },
  });
  const riverside = await createProperty(db, lakeside.id, {
    name: 'Riverside Lofts',
    pmsPropertyId: 'P-1002',
  });
  const summit = await createProperty(db, lakeside.id, {
    name: 'The Summit at Oak Hill',
    pmsPropertyId: 'P-1003',
    smsNumber: SUMMIT_NUMBER,
  });
  const {
    company: harbor,
    staff: harborStaff,
    property: harborTower,
  } = await createOffice(db, {
    company: HARBOR,
    property: { name: 'Harbor Point Tower', pmsPropertyId: 'HP-200' },
  });
  await createPhoneNumber(db, harbor.id, HARBOR_NUMBER);
  const ava = await createLead(db, maple, { name: 'Ava Thompson', phone: '+15125550101' });
  const liam = await createLead(db, maple, { name: 'Liam Carter', phone: '+15125550102' });
  const wyatt = await createLead(db, harborTower, { name: 'Wyatt Nelson', phone: '+16195550301' });
  await createSentSms(db, ava, { senderName: staff.user.name, minutesAgo: 30 * 60 });
  await createSentSms(db, liam, { senderName: staff.user.name, minutesAgo: 26 * 60 });
  return {
    lakeside,
    staff,
    maple,
    riverside,
    summit,
    harbor,
    harborStaff,
    harborTower,
    ava,
    liam,
    wyatt,
  };
};
export const WEBHOOK_PATH = '/webhooks/twilio/inbound';

export const newMessageSid = () => `SM${randomBytes(16).toString('hex')}`;

export type InboundTestApp = TestApp & {
  fake: FakeTwilio;
  /** Where the app listens (sockets, media). */
  base: string;
  /** What Twilio calls: PUBLIC_URL, which may be a tunnel in front of `base`. */
  publicUrl: string;
  world: InboundWorld;
  /** Lakeside's staff member, signed in. */
  token: string;
  companyId: string;
  userId: string;
  stop: () => Promise<void>;
};

/**
 * The real app with Twilio configured against the loopback fake, listening on a port, on a
 * database holding the `buildInboundWorld` rows only.
 */
export const startInboundApp = async (
  target: DatabaseTarget,
  options: { publicUrl?: string; env?: Record<string, string> } = {},
): Promise<InboundTestApp> => {
  const fake = await startFakeTwilio();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const publicUrl = options.publicUrl ?? base;
  const t = await startTestApp(
    target,
    {
      PUBLIC_URL: publicUrl,
      ...fake.env(SHARED_NUMBER),
      TWILIO_MPS: '50',
      ...options.env,
    },
    { seed: 'none' },
  );
  const world = await buildInboundWorld(t.app.database.db);
  await t.app.listen({ port, host: '127.0.0.1' });
  const { token } = await login(t.app, world.staff.credentials);
  const principal = await t.app.resolvePrincipal(token);
  return {
    ...t,
    fake,
    base,
    publicUrl,
    world,
    token,
    companyId: principal.companyId,
    userId: principal.id,
    stop: async () => {
      await t.close();
      await fake.close();
    },
  };
};

/** The parameters Twilio posts for an inbound SMS or MMS (names and shape as documented). */
export const twilioInboundForm = (input: {
  sid?: string;
  from: string;
  to: string;
  body?: string;
  media?: { url: string; contentType: string }[];
  accountSid: string;
}): Record<string, string> => {
  const sid = input.sid ?? newMessageSid();
  const media = input.media ?? [];
  const form: Record<string, string> = {
    ToCountry: 'US',
    ToState: 'TX',
    SmsMessageSid: sid,
    NumMedia: String(media.length),
    ToCity: 'AUSTIN',
    FromZip: '78701',
    SmsSid: sid,
    FromState: 'TX',
    SmsStatus: 'received',
    FromCity: 'AUSTIN',
    Body: input.body ?? '',
    FromCountry: 'US',
    To: input.to,
    ToZip: '78701',
    NumSegments: '1',
    MessageSid: sid,
    AccountSid: input.accountSid,
    From: input.from,
    ApiVersion: '2010-04-01',
  };
  media.forEach((item, i) => {
    form[`MediaUrl${i}`] = item.url;
    form[`MediaContentType${i}`] = item.contentType;
  });
  return form;
};

/**
 * Posts a webhook the way Twilio does: form-encoded, signed over PUBLIC_URL + path (with its
 * query) and the parameters. `signature: null` leaves the header out.
 */
export const postInbound = (
  t: InboundTestApp,
  form: Record<string, string>,
  options: { path?: string; signature?: string | null; app?: FastifyInstance } = {},
) => {
  const path = options.path ?? WEBHOOK_PATH;
  const signature =
    options.signature === undefined
      ? twilio.getExpectedTwilioSignature(t.fake.authToken, `${t.publicUrl}${path}`, form)
      : options.signature;
  return (options.app ?? t.app).inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature === null ? {} : { 'x-twilio-signature': signature }),
    },
    payload: new URLSearchParams(form).toString(),
  });
};

/** A text from `from` to `to`, signed and posted; answers the stored event (if any) too. */
export const text = async (
  t: InboundTestApp,
  from: string,
  to: string,
  body: string,
  extra: { media?: { url: string; contentType: string }[]; sid?: string } = {},
) => {
  const sid = extra.sid ?? newMessageSid();
  const response = await postInbound(
    t,
    twilioInboundForm({ sid, from, to, body, media: extra.media, accountSid: t.fake.accountSid }),
  );
  if (response.statusCode !== 200)
    throw new Error(`webhook answered ${response.statusCode}: ${response.body}`);
  const [event] = await eventsBySid(t, sid);
  return { sid, response, event };
};

export const eventsBySid = (t: TestApp, sid: string) =>
  t.app.database.db
    .select()
    .from(conversationEvents)
    .where(eq(conversationEvents.providerMessageId, sid));

export const unmatchedBySid = (t: TestApp, sid: string) =>
  t.app.database.db
    .select()
    .from(unmatchedMessages)
    .where(eq(unmatchedMessages.dedupeKey, `sms:${sid}`));

export const leadById = async (t: TestApp, id: string): Promise<LeadRow> => {
  const [lead] = await t.app.database.db.select().from(leads).where(eq(leads.id, id));
  return lead!;
};

/** Automatic replies (SYSTEM SMS) of a lead, oldest first. */
export const automaticReplies = (t: TestApp, leadId: string) =>
  t.app.database.db
    .select()
    .from(conversationEvents)
    .where(
      and(
        eq(conversationEvents.leadId, leadId),
        eq(conversationEvents.eventType, 'SMS'),
        eq(conversationEvents.senderType, 'SYSTEM'),
      ),
    )
    .orderBy(asc(conversationEvents.date));

/** What a refused webhook must leave untouched: events, unmatched texts and queued jobs. */
export const footprint = async (t: TestApp) => {
  const { db } = t.app.database;
  const events = (await db.select({ n: count() }).from(conversationEvents))[0]!.n;
  const unmatched = (await db.select({ n: count() }).from(unmatchedMessages))[0]!.n;
  const jobs = await db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job`);
  return { events, unmatched, jobs: jobs.rows[0]!.n };
};

/** A console of Lakeside Rentals: a socket that records every announcement it hears. */
export const openConsole = async (t: InboundTestApp) => {
  const socket: Socket = connect(t.base, {
    path: '/socket.io',
    auth: { token: t.token },
    transports: ['websocket'],
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) =>
    socket.on('connect', resolve).on('connect_error', reject),
  );
  const heard: NewConversationAnnouncement[] = [];
  socket.on(
    socketEvents.newConversation(t.companyId),
    (announcement: NewConversationAnnouncement) => heard.push(announcement),
  );
  return { heard, close: () => socket.close() };
};

/** A staff member's SMS through the real API (multipart, like the composer). */
export const staffSms = (t: InboundTestApp, leadId: string, body: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/leads/${leadId}/sms`,
    headers: { ...bearer(t.token), 'content-type': 'multipart/form-data; boundary=x' },
    payload: `--x\r\nContent-Disposition: form-data; name="text"\r\n\r\n${body}\r\n--x--\r\n`,
  });

/** An outgoing SMS we sent the lead earlier, `minutesAgo`: what shared-number routing follows. */
export const textedEarlier = async (t: TestApp, lead: LeadRow, minutesAgo: number) => {
  await createSentSms(t.app.database.db, lead, { minutesAgo });
};
