import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPaymentLinkResponseSchema,
  leadPaymentLinksSchema,
  publicPaymentLinkSchema,
  type CreatePaymentLinkRequest,
  type CreatePaymentLinkResponse,
} from '@leasing/contract';
import {
  conversationEvents,
  notifications,
  paymentLinks,
  type LeadRow,
} from '../../db/schema/index.js';
import type { Db } from '../../db/client.js';
import {
  createConversationEvent,
  createLead,
  createOffice,
  createUser,
} from '../../test/factories.js';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.js';
import { bearer, everyDatabase, login } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';
import { expirePaymentLinkIfDue } from './payments.service.js';

const PAY_HOST = 'pay.leasing.test';
const payHost = { host: `${PAY_HOST}:3000` };
const staffHost = { host: 'localhost:3000' };

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

const card = (number: string) => ({
  name: 'James Anderson',
  number,
  expMonth: 12,
  expYear: new Date().getFullYear() + 2,
  cvc: '123',
  postalCode: '78701',
});

const tokenOf = (url: string) => new URL(url).searchParams.get('t') ?? '';

const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR);

/**
 * An office whose leads owe what the tests collect: James $2,310; Taylor $180, moved to debt
 * after a $1,450 payment that does not count against it; Noah nothing, and opted out of texts.
 * Staff of another company too.
 */
const buildPaymentOffices = async (db: Db) => {
  const office = await createOffice(db, {
    company: { name: 'Lakeside Rentals', registeredLeasingEmail: 'leasing@lakeside.test' },
  });
  const debt = (amount: number, hours: number) => ({
    eventType: 'MOVED_TO_DEBT' as const,
    senderType: 'SYSTEM' as const,
    date: hoursAgo(hours),
    data: { amount, currency: 'USD' },
  });
  const james = await createLead(db, office.property, { name: 'James Anderson' });
  await createConversationEvent(db, james, debt(2310, 300));
  const taylor = await createLead(db, office.property, { name: 'Taylor Brooks' });
  await createConversationEvent(db, taylor, {
    eventType: 'PAYMENT',
    senderType: 'SYSTEM',
    body: 'Payment received: $1,450.00 first month',
    date: hoursAgo(200),
  });
  await createConversationEvent(db, taylor, debt(180, 80));
  const noah = await createLead(db, office.property, {
    name: 'Noah Kim',
    phoneOptStatus: 'OPT_OUT',
  });
  const elsewhere = await createOffice(db);
  return { office, james, taylor, noah, otherCredentials: elsewhere.staff.credentials };
};

describe.each(everyDatabase())('payment links ($name)', (target) => {
  const t = useTestApp(target, { seed: 'none', env: { PAYMENT_HOST: PAY_HOST } });
  let staffToken: string;
  let james: LeadRow;
  let taylor: LeadRow;
  let noah: LeadRow;

  let otherCredentials: { email: string; password: string };

  const create = (lead: LeadRow, body: Partial<CreatePaymentLinkRequest>, token = staffToken) =>
    t.app.inject({
      method: 'POST',
      url: `/api/leads/${lead.id}/payment-links`,
      headers: { ...bearer(token), ...staffHost },
      payload: {
        amountCents: 18_000,
        description: 'Late fee',
        dueDate: tomorrow(),
        channel: 'SMS',
        ...body,
      },
    });

  const createOk = async (lead: LeadRow, body: Partial<CreatePaymentLinkRequest> = {}) => {
    const response = await create(lead, body);
    expect(response.statusCode, response.body).toBe(201);
    return createPaymentLinkResponseSchema.parse(response.json()) as CreatePaymentLinkResponse;
  };

  const open = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/pay/link?t=${encodeURIComponent(token)}`,
      headers: payHost,
    });

  const pay = (token: string, number: string, idempotencyKey: string = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pay/checkout',
      headers: payHost,
      payload: { token, idempotencyKey, card: card(number) },
    });

  const linkEvents = async (linkId: string) =>
    (
      await t.db
        .select()
        .from(conversationEvents)
        .where(eq(conversationEvents.eventType, 'PAYMENT'))
    ).filter((event) => (event.data.paymentLink as { id?: string } | undefined)?.id === linkId);

  const stagesOf = async (linkId: string) =>
    (await linkEvents(linkId)).map((event) => (event.data.paymentLink as { stage: string }).stage);

  const linkRow = async (linkId: string) =>
    (await t.db.select().from(paymentLinks).where(eq(paymentLinks.id, linkId)))[0]!;

  beforeAll(async () => {
    const built = await buildPaymentOffices(t.db);
    ({ james, taylor, noah, otherCredentials } = built);
    staffToken = (await login(t.app, built.office.staff.credentials)).token;
  });

  it('tells the console that payments are on', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/config', headers: staffHost });
    expect(config.json()).toMatchObject({ payments: 'on' });
  });

  it('shows what a lead moved to debt still owes', async () => {
    const answer = async (lead: LeadRow) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/leads/${lead.id}/payment-links`,
        headers: { ...bearer(staffToken), ...staffHost },
      });
      expect(response.statusCode).toBe(200);
      return leadPaymentLinksSchema.parse(response.json());
    };
    const forJames = await answer(james);
    expect(forJames.enabled).toBe(true);
    expect(forJames.amountDue?.amountCents).toBe(231_000);
    // Taylor paid $1,450 before being moved to debt for $180: the earlier payment does not count.
    expect((await answer(taylor)).amountDue?.amountCents).toBe(18_000);
    expect((await answer(noah)).amountDue).toBeNull();
  });

  it('sends a new link by SMS through the send path and marks it SENT on the timeline', async () => {
    const created = await createOk(taylor, { amountCents: 18_000, description: 'Late fee' });
    expect(created.link).toMatchObject({ status: 'ACTIVE', amountCents: 18_000, channel: 'SMS' });
    expect(created.link.url.startsWith(`http://${PAY_HOST}:3000/?t=`)).toBe(true);
    const [message, sent] = created.events;
    expect(message).toMatchObject({ eventType: 'SMS', sendingStatus: 'PENDING' });
    expect(message?.body).toContain(created.link.url);
    expect(message?.body).toContain('$180.00');
    expect(sent?.eventType).toBe('PAYMENT');
    expect(sent?.data.paymentLink).toMatchObject({ stage: 'SENT', id: created.link.id });

    const stored = await t.db
      .select()
      .from(conversationEvents)
      .where(eq(conversationEvents.id, message!._id));
    expect(stored[0]?.sendingStatus).not.toBeNull();
    const jobs = await t.app.database.sql.executeSql(
      `select count(*)::text as count from pgboss.job where name = 'send-message' and data->>'eventId' = $1`,
      [message!._id],
    );
    expect(jobs.rows).toEqual([{ count: '1' }]);
  });

  it('sends by email with a subject when asked', async () => {
    const created = await createOk(james, {
      channel: 'EMAIL',
      amountCents: 231_000,
      description: 'Outstanding balance',
    });
    expect(created.events[0]).toMatchObject({
      eventType: 'EMAIL',
      subject: 'Payment request: Outstanding balance',
    });
    expect(created.events[0]?.body).toContain('$2,310.00');
  });

  it('refuses bad input with the field named, and creates nothing', async () => {
    const linkCount = async () => (await t.db.select().from(paymentLinks)).length;
    // A good request adds a link to the count the refused ones must leave alone.
    const start = await linkCount();
    await createOk(james);
    expect(await linkCount()).toBe(start + 1);
    const before = await linkCount();
    const cases: [Partial<CreatePaymentLinkRequest>, RegExp][] = [
      [{ amountCents: 10 }, /amountCents/],
      [{ amountCents: 12.5 }, /amountCents/],
      [{ description: '   ' }, /description/],
      [{ dueDate: '2020-01-01' }, /dueDate/],
      [{ dueDate: 'tomorrow' }, /dueDate/],
      [{ channel: 'FAX' as 'SMS' }, /channel/],
    ];
    for (const [body, field] of cases) {
      const response = await create(james, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatch(field);
    }
    const optedOut = await create(noah, { channel: 'SMS' });
    expect(optedOut.statusCode).toBe(400);
    expect(optedOut.json()).toMatchObject({ error: { code: 'SEND_REFUSED' } });
    expect(await linkCount()).toBe(before);
  });

  it("refuses another company's staff", async () => {
    const other = (await login(t.app, otherCredentials)).token;
    const response = await create(james, {}, other);
    expect(response.statusCode).toBe(403);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/leads/${james.id}/payment-links`,
      headers: { ...bearer(other), ...staffHost },
    });
    expect(list.statusCode).toBe(403);
  });

  it('keeps the hosts apart: no staff API on the payment host, no payment API on the staff host', async () => {
    const { link } = await createOk(james);
    const staffApiOnPayHost = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { ...bearer(staffToken), ...payHost },
    });
    expect(staffApiOnPayHost.statusCode).toBe(404);
    const payApiOnStaffHost = await t.app.inject({
      method: 'GET',
      url: `/api/pay/link?t=${tokenOf(link.url)}`,
      headers: staffHost,
    });
    expect(payApiOnStaffHost.statusCode).toBe(404);
    const socketOnPayHost = await t.app.inject({
      method: 'GET',
      url: '/socket.io/?EIO=4&transport=polling',
      headers: payHost,
    });
    expect(socketOnPayHost.statusCode).not.toBe(200);
    const framed = await open(tokenOf(link.url));
    expect(framed.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(framed.headers['referrer-policy']).toBe('no-referrer');
  });

  it('shows the payer whose link it is, and records the first opening once', async () => {
    const { link } = await createOk(james, { amountCents: 50_000, description: 'December rent' });
    const first = await open(tokenOf(link.url));
    expect(first.statusCode).toBe(200);
    const view = publicPaymentLinkSchema.parse(first.json());
    expect(view).toMatchObject({
      status: 'ACTIVE',
      provider: 'sandbox',
      payerName: 'James Anderson',
      companyName: 'Lakeside Rentals',
      amountCents: 50_000,
      description: 'December rent',
      receipt: null,
    });
    await open(tokenOf(link.url));
    expect(await stagesOf(link.id)).toEqual(['SENT', 'OPENED']);
  });

  it('answers forged, altered and foreign tokens as an invalid link', async () => {
    const { link } = await createOk(james);
    const token = tokenOf(link.url);
    expect(token).toHaveLength(43);
    // One character of the MAC changed (not the last: its low bits are only padding).
    const flipped = `${token.slice(0, 30)}${token[30] === 'A' ? 'B' : 'A'}${token.slice(31)}`;
    // Another link's id with this link's MAC.
    const other = Buffer.from(tokenOf((await createOk(james)).link.url), 'base64url');
    const otherLinkId = Buffer.concat([
      other.subarray(0, 16),
      Buffer.from(token, 'base64url').subarray(16),
    ]).toString('base64url');
    for (const bad of [flipped, otherLinkId, 'not-a-token', 'A'.repeat(43), staffToken]) {
      const response = await open(bad);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'PAYMENT_LINK_INVALID' } });
    }
    const checkout = await pay(flipped, '4242424242424242');
    expect(checkout.statusCode).toBe(404);
    expect((await linkRow(link.id)).status).toBe('ACTIVE');

    // The token is good for its amount only: a link whose amount changed no longer opens with it.
    await t.db.update(paymentLinks).set({ amountCents: 100 }).where(eq(paymentLinks.id, link.id));
    expect((await open(token)).statusCode).toBe(404);
  });

  it('declines the decline card with its reason and leaves the link payable', async () => {
    const { link } = await createOk(james);
    const declined = await pay(tokenOf(link.url), '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({
      error: { code: 'CARD_DECLINED', message: 'Your card was declined.' },
    });
    const badCard = await pay(tokenOf(link.url), '12');
    expect(badCard.statusCode).toBe(400);
    expect(badCard.body).toMatch(/number/);
    expect((await linkRow(link.id)).status).toBe('ACTIVE');
    expect(await stagesOf(link.id)).toEqual(['SENT']);
  });

  it('pays once with the success card: a resubmitted form answers the same, a second charge is refused', async () => {
    const { link } = await createOk(james, { amountCents: 12_345 });
    const token = tokenOf(link.url);
    const key = randomUUID();
    const paid = await pay(token, '4242 4242 4242 4242', key);
    expect(paid.statusCode, paid.body).toBe(200);
    const receipt = paid.json<{ receipt: { reference: string; cardLast4: string } }>().receipt;
    expect(receipt.cardLast4).toBe('4242');

    const resubmitted = await pay(token, '4242424242424242', key);
    expect(resubmitted.statusCode).toBe(200);
    expect(resubmitted.json<{ receipt: { reference: string } }>().receipt.reference).toBe(
      receipt.reference,
    );
    const again = await pay(token, '4242424242424242');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'PAYMENT_LINK_PAID' } });

    expect(await stagesOf(link.id)).toEqual(['SENT', 'PAID']);
    const [paidEvent] = (await linkEvents(link.id)).filter(
      (event) => (event.data.paymentLink as { stage: string }).stage === 'PAID',
    );
    expect(paidEvent).toMatchObject({ senderType: 'LEAD', senderName: 'James Anderson' });
    expect(paidEvent?.data.amount).toBe(123.45);
    const view = publicPaymentLinkSchema.parse((await open(token)).json());
    expect(view.status).toBe('PAID');
    expect(view.receipt?.reference).toBe(receipt.reference);
  });

  it('charges once when two submits race', async () => {
    const { link } = await createOk(james);
    const token = tokenOf(link.url);
    const answers = await Promise.all([
      pay(token, '4242424242424242'),
      pay(token, '4242424242424242'),
      pay(token, '4242424242424242'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await stagesOf(link.id)).filter((stage) => stage === 'PAID')).toHaveLength(1);
  });

  it('expires an unpaid link once, and an expired link cannot be paid', async () => {
    const { link } = await createOk(james);
    await t.db
      .update(paymentLinks)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(paymentLinks.id, link.id));
    await expirePaymentLinkIfDue(t.app.services.payments, link.id);
    await expirePaymentLinkIfDue(t.app.services.payments, link.id);
    expect(await stagesOf(link.id)).toEqual(['SENT', 'EXPIRED']);

    const view = await open(tokenOf(link.url));
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ status: 'EXPIRED' });
    const checkout = await pay(tokenOf(link.url), '4242424242424242');
    expect(checkout.statusCode).toBe(410);
    expect(await stagesOf(link.id)).toEqual(['SENT', 'EXPIRED']);
  });

  it('queues the expiry job with the link', async () => {
    const { link } = await createOk(james);
    const jobs = await t.app.database.sql.executeSql(
      `select start_after from pgboss.job where name = 'payment-link-expire' and data->>'linkId' = $1`,
      [link.id],
    );
    expect(jobs.rows).toHaveLength(1);
    const [job] = jobs.rows as { start_after: Date | string }[];
    expect(new Date(job!.start_after).toISOString()).toBe(link.expiresAt);
  });
});

describe.each(everyDatabase())('payment links with Stripe ($name)', (target) => {
  const secretKey = 'sk_test_leasing';
  const webhookSecret = 'whsec_leasing_test_secret';
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe({ secretKey, webhookSecret });
  });
  afterAll(async () => {
    await stripe?.close();
  });
  const t = useTestApp(target, {
    seed: 'none',
    env: () => ({
      PAYMENT_HOST: PAY_HOST,
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: stripe.url,
    }),
  });
  let staffToken: string;
  let james: LeadRow;

  const webhook = (payload: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature, ...staffHost },
      payload,
    });

  const paidEvents = async (linkId: string) =>
    (
      await t.db
        .select()
        .from(conversationEvents)
        .where(
          and(eq(conversationEvents.eventType, 'PAYMENT'), eq(conversationEvents.leadId, james.id)),
        )
    ).filter((event) => {
      const data = event.data.paymentLink as { id?: string; stage?: string } | undefined;
      return data?.id === linkId && data.stage === 'PAID';
    });

  beforeAll(async () => {
    const built = await buildPaymentOffices(t.db);
    james = built.james;
    staffToken = (await login(t.app, built.office.staff.credentials)).token;
  });

  it('pays through a Checkout Session; a replayed or forged webhook changes nothing', async () => {
    const createLink = async (amountCents: number, description: string) => {
      const created = await t.app.inject({
        method: 'POST',
        url: `/api/leads/${james.id}/payment-links`,
        headers: { ...bearer(staffToken), ...staffHost },
        payload: { amountCents, description, dueDate: tomorrow(), channel: 'SMS' },
      });
      expect(created.statusCode).toBe(201);
      return createPaymentLinkResponseSchema.parse(created.json()).link;
    };
    const link = await createLink(231_000, 'Balance');
    const token = tokenOf(link.url);

    const view = await t.app.inject({
      method: 'GET',
      url: `/api/pay/link?t=${token}`,
      headers: payHost,
    });
    expect(view.json()).toMatchObject({ provider: 'stripe', status: 'ACTIVE' });
    const sandboxCheckout = await t.app.inject({
      method: 'POST',
      url: '/api/pay/checkout',
      headers: payHost,
      payload: { token, idempotencyKey: randomUUID(), card: card('4242424242424242') },
    });
    expect(sandboxCheckout.statusCode).toBe(409);

    const start = (linkToken = token) =>
      t.app.inject({
        method: 'POST',
        url: '/api/pay/checkout-session',
        headers: payHost,
        payload: { token: linkToken },
      });
    const session = await start();
    expect(session.statusCode, session.body).toBe(200);
    const { redirectUrl } = session.json<{ redirectUrl: string }>();
    const [sent] = stripe.sessionRequests;
    expect(sent).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '231000',
      'line_items[0][price_data][currency]': 'usd',
      'metadata[payment_link_id]': link.id,
    });
    expect(sent?.success_url).toContain(`http://${PAY_HOST}:3000/checkout?t=`);
    expect((await start()).json<{ redirectUrl: string }>().redirectUrl).toBe(redirectUrl);
    expect(stripe.sessionRequests).toHaveLength(1);
    const sessionId = redirectUrl.split('/').pop()!;

    // A rightly signed webhook for another of James's links records its payment, seen by the
    // same read that must see none for the forged ones.
    const control = await createLink(50_000, 'Deposit');
    const controlSession = await start(tokenOf(control.url));
    expect(controlSession.statusCode, controlSession.body).toBe(200);
    const controlPaid = stripe.completedWebhook(
      controlSession.json<{ redirectUrl: string }>().redirectUrl.split('/').pop()!,
    );
    const accepted = await webhook(controlPaid.payload, controlPaid.signature);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await paidEvents(control.id)).toHaveLength(1);

    const forged = stripe.completedWebhook(sessionId, { secret: 'whsec_someone_else' });
    const refused = await webhook(forged.payload, forged.signature);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { code: 'BAD_PAYMENT_WEBHOOK_SIGNATURE' } });
    const tampered = await webhook(forged.payload.replace('231000', '100'), forged.signature);
    expect(tampered.statusCode).toBe(400);
    expect(await paidEvents(link.id)).toHaveLength(0);

    const completed = stripe.completedWebhook(sessionId);
    const first = await webhook(completed.payload, completed.signature);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ duplicate: false });
    const replay = await webhook(completed.payload, completed.signature);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ duplicate: true });
    const second = stripe.completedWebhook(sessionId);
    expect((await webhook(second.payload, second.signature)).json()).toMatchObject({
      duplicate: true,
    });

    const payments = await paidEvents(link.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]?.data.reference).toBe(stripe.sessions.get(sessionId)?.payment_intent);
    // The card, read back from Stripe's PaymentIntent, shows on the timeline.
    expect(payments[0]?.data.paymentLink).toMatchObject({ cardBrand: 'Visa', cardLast4: '4242' });
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/pay/link?t=${token}`,
      headers: payHost,
    });
    expect(after.json()).toMatchObject({ status: 'PAID' });
  });

  describe('telling staff that a lead paid', () => {
    /** A link for `lead` asked for by `token`'s user, with its Checkout Session open. */
    const linkWithSession = async (lead: LeadRow, token: string) => {
      const created = await t.app.inject({
        method: 'POST',
        url: `/api/leads/${lead.id}/payment-links`,
        headers: { ...bearer(token), ...staffHost },
        payload: {
          amountCents: 5_000,
          description: 'Application fee',
          dueDate: tomorrow(),
          channel: 'SMS',
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const link = createPaymentLinkResponseSchema.parse(created.json()).link;
      const session = await t.app.inject({
        method: 'POST',
        url: '/api/pay/checkout-session',
        headers: payHost,
        payload: { token: tokenOf(link.url) },
      });
      expect(session.statusCode, session.body).toBe(200);
      return session.json<{ redirectUrl: string }>().redirectUrl.split('/').pop()!;
    };
    const paymentNotices = async (lead: LeadRow) =>
      t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.leadId, lead.id), eq(notifications.kind, 'payment_received')));

    it("tells the lead's owner once, however often Stripe repeats the webhook", async () => {
      const office = await createOffice(t.db);
      const owner = await createUser(t.db, office.company.id, { name: 'Alex Kim', role: 'agent' });
      const jordan = await createLead(t.db, office.property, {
        name: 'Jordan Lee',
        owner: owner.user,
      });
      const admin = (await login(t.app, office.staff.credentials)).token;
      const sessionId = await linkWithSession(jordan, admin);
      expect(await paymentNotices(jordan)).toEqual([]);

      const completed = stripe.completedWebhook(sessionId);
      const first = await webhook(completed.payload, completed.signature);
      expect(first.json()).toMatchObject({ duplicate: false });
      const [notice, ...more] = await paymentNotices(jordan);
      expect(more).toEqual([]);
      expect(notice).toMatchObject({
        recipientUserId: owner.user.id,
        title: 'Jordan Lee paid $50.00 — Application fee',
      });

      // The same event replayed, and another event for the same session: still one notice.
      expect((await webhook(completed.payload, completed.signature)).json()).toMatchObject({
        duplicate: true,
      });
      const again = stripe.completedWebhook(sessionId);
      expect((await webhook(again.payload, again.signature)).json()).toMatchObject({
        duplicate: true,
      });
      expect((await paymentNotices(jordan)).map((row) => row.id)).toEqual([notice!.id]);
      const bell = await t.app.inject({
        method: 'GET',
        url: '/api/notifications',
        headers: { ...bearer((await login(t.app, owner.credentials)).token), ...staffHost },
      });
      expect(bell.json()).toMatchObject({
        items: [{ kind: 'payment_received', title: 'Jordan Lee paid $50.00 — Application fee' }],
        unreadCount: 1,
      });
    });

    it('tells whoever asked for the link when the lead has no owner, and the managers when they have left', async () => {
      const office = await createOffice(t.db);
      const admin = (await login(t.app, office.staff.credentials)).token;
      const manager = await createUser(t.db, office.company.id, { role: 'manager' });
      const bystander = await createUser(t.db, office.company.id, { role: 'agent' });
      const asker = await createUser(t.db, office.company.id, { role: 'agent' });
      const askerToken = (await login(t.app, asker.credentials)).token;

      const ava = await createLead(t.db, office.property, { name: 'Ava Stone' });
      const avaSession = await linkWithSession(ava, askerToken);
      const avaPaid = stripe.completedWebhook(avaSession);
      await webhook(avaPaid.payload, avaPaid.signature);
      expect((await paymentNotices(ava)).map((row) => row.recipientUserId)).toEqual([
        asker.user.id,
      ]);

      const ben = await createLead(t.db, office.property, { name: 'Ben Ortiz' });
      const benSession = await linkWithSession(ben, askerToken);
      const gone = await t.app.inject({
        method: 'POST',
        url: `/api/team/${asker.user.id}/deactivate`,
        headers: { ...bearer(admin), ...staffHost },
      });
      expect(gone.statusCode, gone.body).toBeLessThan(300);
      const benPaid = stripe.completedWebhook(benSession);
      await webhook(benPaid.payload, benPaid.signature);
      const told = (await paymentNotices(ben)).map((row) => row.recipientUserId).sort();
      expect(told).toEqual([office.staff.user.id, manager.user.id].sort());
      expect(told).not.toContain(bystander.user.id);
    });
  });
});
