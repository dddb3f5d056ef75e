import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  apiRoutes,
  QUIET_HOURS_CODE,
  SEND_NOW_FORBIDDEN_MESSAGE,
  SEND_REFUSED_CODE,
  SENDER_INACTIVE_CODE,
  type ApiError,
  type ConversationEvent,
  type QuietHoursError,
} from '@leasing/contract';
import {
  auditLog,
  conversationEvents,
  paymentLinks,
  users,
  type LeadRow,
} from '../../db/schema/index.js';
import { createLead, createOffice, createUser, uniquePhone } from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { createTestClock } from '../../test/test-clock.js';
import { useTestApp } from '../../test/use-test-app.js';
import { releaseScheduled } from './scheduled-messages.service.js';
import { alwaysAllowed } from '../scheduling/index.js';

/* ---------- the architecture: one file queues messages to leave ---------- */

const SRC = join(fileURLToPath(new URL('.', import.meta.url)), '../..');
const GATE = 'modules/messaging/send-gate.ts';

/** What queues a message to leave: a send job, or an outgoing message written PENDING/SCHEDULED. */
const QUEUEING = [
  /\.send\s*(?:<[^>]*>)?\(\s*(?:SEND_QUEUE\b|['"`]send-message['"`])/,
  /sendingStatus\s*:\s*['"`](?:PENDING|SCHEDULED)['"`]/,
  /sending_status['"`]?\s*(?:=|,)\s*['"`](?:PENDING|SCHEDULED)['"`]/i,
];

/** The places outside the gate where source queues a message to leave: `path:line`. */
export const queueingOutsideGate = (files: { path: string; source: string }[]): string[] =>
  files
    .filter((file) => file.path !== GATE)
    .flatMap((file) =>
      file.source
        .split('\n')
        .flatMap((line, index) =>
          QUEUEING.some((pattern) => pattern.test(line)) ? [`${file.path}:${index + 1}`] : [],
        ),
    );

/** The server's own source: tests, the test kit and the demo seed write rows of their own. */
const serverSources = (dir = SRC): { path: string; source: string }[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    const path = relative(SRC, full).split('\\').join('/');
    if (entry.isDirectory())
      return path === 'test' || path === 'db/seed' ? [] : serverSources(full);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) return [];
    return [{ path, source: readFileSync(full, 'utf8') }];
  });

describe('the send gate is the only way out', () => {
  it('finds no send job queued and no outgoing message stored outside send-gate.ts', () => {
    const sources = serverSources();
    expect(sources.some((file) => file.path === GATE)).toBe(true);
    expect(sources.length).toBeGreaterThan(100);
    expect(queueingOutsideGate(sources)).toEqual([]);
  });

  it('catches a module that queues a text its own way (an injected violation)', () => {
    const violation = {
      path: 'modules/payments/payments.service.ts',
      source: [
        "import { SEND_QUEUE } from '../messaging/messaging.service.js';",
        'await deps.queue.send(SEND_QUEUE, { eventId }, { db: scope.sql });',
        "await db.insert(conversationEvents).values({ eventType: 'SMS', sendingStatus: 'PENDING' });",
        "await sql`insert into conversation_events (sending_status) values ('PENDING')`;",
        "await boss.send('send-message', { eventId });",
      ].join('\n'),
    };
    expect(queueingOutsideGate([violation])).toEqual([
      'modules/payments/payments.service.ts:2',
      'modules/payments/payments.service.ts:3',
      'modules/payments/payments.service.ts:5',
    ]);
    // The gate itself may, and so may a line that only reads the status.
    expect(
      queueingOutsideGate([
        { path: GATE, source: violation.source },
        {
          path: 'modules/inbox/inbox.repository.ts',
          source: "where(eq(conversationEvents.sendingStatus, 'PENDING'))",
        },
      ]),
    ).toEqual([]);
  });
});

/* ---------- what the gate applies ---------- */

/** A Chicago number (area code 312), unique per test. */
const chicagoPhone = () => `+1312${uniquePhone().slice(-7)}`;
/** Thursday 2026-11-26, 11:00 PM in Chicago; the same day at 10:00 AM. */
const ELEVEN_PM_CHICAGO = '2026-11-27T05:00:00Z';
const TEN_AM_CHICAGO = '2026-11-26T16:00:00Z';
const PAY_HOST = 'pay.gate.test';

const multipart = (fields: Record<string, string>) => ({
  payload:
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--x\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') + '--x--\r\n',
  headers: { 'content-type': 'multipart/form-data; boundary=x' },
});

describe.each(oneDatabase())('the send gate ($name)', (target) => {
  const clock = createTestClock();
  const t = useTestApp(target, {
    seed: 'none',
    now: clock.now,
    env: { PAYMENT_HOST: PAY_HOST, SEND_USER_LIMIT_PER_MINUTE: '3' },
  });
  const setNow = (iso: string) => clock.advance(new Date(iso).getTime() - clock.now().getTime());

  /** A company on the 8:00 AM–9:00 PM policy with the state rules on; its admin signed in. */
  const office = async (policy: Record<string, unknown> = {}) => {
    const made = await createOffice(t.db, {
      company: {
        quietHoursStart: '08:00',
        quietHoursEnd: '21:00',
        quietHoursStateRules: true,
        registeredLeasingEmail: `leasing-${uniquePhone().slice(-7)}@gate.test`,
        ...policy,
      },
      property: { smsNumber: uniquePhone(), timeZone: 'America/Chicago' },
    });
    return { ...made, token: await t.signIn(made.staff.credentials) };
  };
  type Office = Awaited<ReturnType<typeof office>>;

  const scheduleText = async (as: string, lead: LeadRow) => {
    const form = multipart({
      leadID: lead.id,
      text: 'Your tour is tomorrow at 10',
      sendAt: new Date(clock.now().getTime() + 3_600_000).toISOString(),
    });
    const answer = await t.request<ConversationEvent>('POST', apiPaths.leadSms(lead.id), {
      as,
      payload: form.payload,
      headers: form.headers,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.sendingStatus).toBe('SCHEDULED');
    return answer.body;
  };
  const sendNow = (as: string, lead: LeadRow, messageId: string, override?: boolean) =>
    t.request<ConversationEvent & ApiError & { error: QuietHoursError }>(
      'POST',
      apiPaths.leadMessageSendNow(lead.id, messageId),
      { as, ...(override === undefined ? {} : { payload: { quietHoursOverride: override } }) },
    );
  const paymentLink = (as: string, lead: LeadRow) =>
    t.app.inject({
      method: 'POST',
      url: apiPaths.leadPaymentLinks(lead.id),
      headers: { authorization: `Bearer ${as}`, host: 'localhost:3000' },
      payload: {
        amountCents: 18_000,
        description: 'Late fee',
        dueDate: '2026-12-31',
        channel: 'SMS',
      },
    });
  /** The release job of a scheduled message, run now (its time has come on the test clock). */
  const release = (eventId: string) =>
    releaseScheduled(
      {
        database: t.app.database,
        events: t.app.events,
        queue: t.app.queue,
        jobExpireSeconds: 60,
        now: clock.now,
        sendWindow: alwaysAllowed,
      },
      eventId,
    );
  const messageRow = async (id: string) =>
    (await t.db.select().from(conversationEvents).where(eq(conversationEvents.id, id)))[0]!;
  const linksOf = (lead: LeadRow) =>
    t.db.select().from(paymentLinks).where(eq(paymentLinks.leadId, lead.id));
  const overrides = (companyId: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'quiet_hours.overridden')));

  describe("'Send now' of a scheduled text", () => {
    let lakeside: Office;
    beforeAll(async () => {
      lakeside = await office();
    });

    it("is held at 11 PM in the lead's zone, and goes on the audited override", async () => {
      setNow(ELEVEN_PM_CHICAGO);
      const lead = await createLead(t.db, lakeside.property, { phone: chicagoPhone() });
      const scheduled = await scheduleText(lakeside.token, lead);

      const held = await sendNow(lakeside.token, lead, scheduled._id);
      expect(held.status).toBe(409);
      expect(held.body.error).toMatchObject({
        code: QUIET_HOURS_CODE,
        localTime: '11:00 PM',
        zoneLabel: 'Central',
        canSendNow: true,
      });
      expect((await messageRow(scheduled._id)).sendingStatus).toBe('SCHEDULED');

      const forced = await sendNow(lakeside.token, lead, scheduled._id, true);
      expect(forced.status).toBe(200);
      expect(forced.body.sendingStatus).toBe('PENDING');
      const [audit] = (await overrides(lakeside.company.id)).filter(
        (row) => row.targetId === scheduled._id,
      );
      expect(audit).toMatchObject({
        actorUserId: lakeside.staff.user.id,
        after: { localTime: '11:00 PM', zone: 'America/Chicago' },
      });
    });

    it('goes at once within the allowed hours, with no override recorded', async () => {
      setNow(TEN_AM_CHICAGO);
      // A person of their own: the limits of the person above are spent for this minute.
      const { company, property, token } = await office();
      const lead = await createLead(t.db, property, { phone: chicagoPhone() });
      const scheduled = await scheduleText(token, lead);
      const sent = await sendNow(token, lead, scheduled._id);
      expect(sent.status).toBe(200);
      expect(sent.body.sendingStatus).toBe('PENDING');
      expect(await overrides(company.id)).toEqual([]);
    });

    it("refuses the override with 403 where the company forbids 'Send now'", async () => {
      setNow(ELEVEN_PM_CHICAGO);
      const strict = await office({ quietHoursAllowSendNow: false });
      const lead = await createLead(t.db, strict.property, { phone: chicagoPhone() });
      const scheduled = await scheduleText(strict.token, lead);
      const forced = await sendNow(strict.token, lead, scheduled._id, true);
      expect(forced.status).toBe(403);
      expect(forced.body.error.message).toBe(SEND_NOW_FORBIDDEN_MESSAGE);
      expect((await messageRow(scheduled._id)).sendingStatus).toBe('SCHEDULED');
    });
  });

  describe('a scheduled text of a person no longer active', () => {
    it('is refused by the release and by Send now; an active colleague’s still leaves', async () => {
      setNow(TEN_AM_CHICAGO);
      const { company, property, token } = await office();
      const leaver = await createUser(t.db, company.id, { role: 'agent', name: 'Leo Park' });
      const leaverToken = await t.signIn(leaver.credentials);
      const lead = await createLead(t.db, property, { phone: chicagoPhone() });
      const theirs = await scheduleText(leaverToken, lead);
      const other = await scheduleText(leaverToken, lead);
      const mine = await scheduleText(token, lead);
      await t.db
        .update(users)
        .set({ deactivatedAt: clock.now() })
        .where(eq(users.id, leaver.user.id));

      const refused = await sendNow(token, lead, other._id);
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe(SENDER_INACTIVE_CODE);

      // Their time comes: the release refuses to send under their name.
      clock.advance(2 * 3_600_000);
      await release(theirs._id);
      await release(mine._id);
      const failed = await messageRow(theirs._id);
      expect(failed.sendingStatus).toBe('FAILED');
      expect(failed.data.failureReason).toMatch(/^Not sent: .*no longer active/);
      expect(['PENDING', 'IN_PROGRESS', 'COMPLETED']).toContain(
        (await messageRow(mine._id)).sendingStatus,
      );
    });
  });

  describe('a scheduled text to a number that opted out since', () => {
    it('fails at its release instead of leaving; one to another number leaves', async () => {
      setNow(TEN_AM_CHICAGO);
      const { property, token } = await office();
      const phone = chicagoPhone();
      const lead = await createLead(t.db, property, { phone });
      const other = await createLead(t.db, property, { phone: chicagoPhone() });
      const blocked = await scheduleText(token, lead);
      const fine = await scheduleText(token, other);
      // The number opts out through another lead of the company (a reply on this lead's own
      // thread would cancel the message anyway).
      const twin = await createLead(t.db, property, { phone });
      const stop = await t.request('POST', apiRoutes.sandboxInboundSms, {
        as: token,
        payload: { leadID: twin.id, text: 'STOP' },
      });
      expect(stop.status).toBe(200);

      clock.advance(2 * 3_600_000);
      await release(blocked._id);
      await release(fine._id);
      expect(await messageRow(blocked._id)).toMatchObject({
        sendingStatus: 'FAILED',
        data: expect.objectContaining({
          failureReason: 'Not sent: the prospect opted out before it was due.',
        }),
      });
      expect(['PENDING', 'IN_PROGRESS', 'COMPLETED']).toContain(
        (await messageRow(fine._id)).sendingStatus,
      );
    });
  });

  describe('payment-link texts', () => {
    it("are refused at 11 PM in the lead's zone and go in the morning", async () => {
      setNow(ELEVEN_PM_CHICAGO);
      const { property, staff, token } = await office();
      const lead = await createLead(t.db, property, { phone: chicagoPhone() });
      const held = await paymentLink(token, lead);
      expect(held.statusCode).toBe(409);
      expect(held.json<{ error: QuietHoursError }>().error.code).toBe(QUIET_HOURS_CODE);
      expect(await linksOf(lead)).toEqual([]);

      // 9:00 AM the next day (signed in again: last night's ID token has expired).
      clock.advance(10 * 3_600_000);
      const morning = await t.signIn(staff.credentials);
      expect((await paymentLink(morning, lead)).statusCode).toBe(201);
      expect(await linksOf(lead)).toHaveLength(1);
    });

    it("count against the person's send limit (429 past SEND_USER_LIMIT_PER_MINUTE)", async () => {
      setNow(TEN_AM_CHICAGO);
      const { property, token } = await office();
      const lead = await createLead(t.db, property, { phone: chicagoPhone() });
      for (let i = 0; i < 3; i += 1) expect((await paymentLink(token, lead)).statusCode).toBe(201);
      const over = await paymentLink(token, lead);
      expect(over.statusCode).toBe(429);
      expect(over.json<ApiError>().error.code).toBe('RATE_LIMITED');
      expect(await linksOf(lead)).toHaveLength(3);
    });

    it('are refused to a phone on the opt-out register, through another lead', async () => {
      setNow(TEN_AM_CHICAGO);
      const { property, token } = await office();
      const phone = chicagoPhone();
      const first = await createLead(t.db, property, { phone });
      const stop = await t.request('POST', apiRoutes.sandboxInboundSms, {
        as: token,
        payload: { leadID: first.id, text: 'STOP' },
      });
      expect(stop.status).toBe(200);
      const second = await createLead(t.db, property, { phone });
      const refused = await paymentLink(token, second);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<ApiError>().error.code).toBe(SEND_REFUSED_CODE);
      expect(await linksOf(second)).toEqual([]);
      // Positive control: a number that did not opt out.
      const third = await createLead(t.db, property, { phone: chicagoPhone() });
      expect((await paymentLink(token, third)).statusCode).toBe(201);
    });
  });
});
