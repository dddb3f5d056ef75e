import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatePaymentLinkResponse, PaymentLink } from '@leasing/contract';
import {
  conversationEvents,
  paymentAttempts,
  paymentLinks,
  type LeadRow,
} from '../../db/schema/index.js';
import { createLead, createOffice } from '../../test/factories.js';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.js';
import {
  bearer,
  everyDatabase,
  login,
  startTestApp,
  type DatabaseTarget,
  type TestApp,
} from '../../test/test-app.js';
import {
  useTestApp,
  type RequestOptions,
  type TestContext,
  type TestResponse,
} from '../../test/use-test-app.js';

const PAY_HOST = 'pay.leasing.test';
const payHost = { host: `${PAY_HOST}:3000` };
const staffHost = { host: 'localhost:3000' };
const SECRET_KEY = 'sk_test_hardening';
const WEBHOOK_SECRET = 'whsec_hardening_test_secret';

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const tokenOf = (link: PaymentLink) => new URL(link.url).searchParams.get('t') ?? '';

/** Resolves to 'timed out' when `promise` has not settled within `ms`. */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), ms).unref()),
  ]);

type Harness = {
  readonly db: TestApp['app']['database']['db'];
  signIn: (credentials: { email: string; password: string }) => Promise<string>;
  request: <T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    options?: RequestOptions,
  ) => Promise<TestResponse<T>>;
};

/**
 * The real app with Stripe pointed at a fake started first (its port is only known then), for
 * the tests `useTestApp` cannot start: its environment is fixed before any hook runs.
 */
const useStripeTestApp = (target: DatabaseTarget) => {
  let stripe: FakeStripe | undefined;
  let started: TestApp | undefined;
  beforeAll(async () => {
    stripe = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    started = await startTestApp(
      target,
      {
        PAYMENT_HOST: PAY_HOST,
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
      },
      { seed: 'none' },
    );
  });
  afterAll(async () => {
    await started?.close();
    await stripe?.close();
  });
  const app = () => {
    if (!started) throw new Error('the test app is not started yet');
    return started.app;
  };
  const harness: Harness & { readonly stripe: FakeStripe } = {
    get stripe() {
      if (!stripe) throw new Error('the fake Stripe is not started yet');
      return stripe;
    },
    get db() {
      return app().database.db;
    },
    signIn: async (credentials) => (await login(app(), credentials)).token,
    request: async <T>(method: 'GET' | 'POST', url: string, options: RequestOptions = {}) => {
      const response = await app().inject({
        method,
        url,
        headers: { ...(options.as ? bearer(options.as) : {}), ...options.headers },
        payload: options.payload as object | string | undefined,
      });
      const isJson = String(response.headers['content-type'] ?? '').includes('application/json');
      return {
        status: response.statusCode,
        headers: response.headers,
        body: (isJson && response.body ? JSON.parse(response.body) : undefined) as T,
        text: response.body,
      };
    },
  };
  return harness;
};

const paidStagesOf = async (t: Harness, link: PaymentLink) =>
  (
    await t.db
      .select()
      .from(conversationEvents)
      .where(
        and(
          eq(conversationEvents.leadId, link.leadID),
          eq(conversationEvents.eventType, 'PAYMENT'),
        ),
      )
  ).filter((event) => {
    const data = event.data.paymentLink as { id?: string; stage?: string } | undefined;
    return data?.id === link.id && data.stage === 'PAID';
  });

const linkRow = async (t: Harness, linkId: string) =>
  (await t.db.select().from(paymentLinks).where(eq(paymentLinks.id, linkId)))[0]!;

const staffSetup = async (t: Harness) => {
  const office = await createOffice(t.db);
  const lead = await createLead(t.db, office.property, { name: 'Mia Stripe' });
  const staffToken = await t.signIn(office.staff.credentials);
  const createLink = async (amountCents = 42_000) => {
    const created = await t.request<CreatePaymentLinkResponse>(
      'POST',
      `/api/leads/${lead.id}/payment-links`,
      {
        as: staffToken,
        headers: staffHost,
        payload: { amountCents, description: 'Rent', dueDate: tomorrow(), channel: 'SMS' },
      },
    );
    expect(created.status, created.text).toBe(201);
    return created.body.link;
  };
  return { lead, staffToken, createLink };
};

describe.each(everyDatabase())('Stripe checkout hardening ($name)', (target) => {
  const t = useStripeTestApp(target);
  let lead: LeadRow;
  let staffToken: string;
  let createLink: (amountCents?: number) => Promise<PaymentLink>;
  beforeAll(async () => {
    ({ lead, staffToken, createLink } = await staffSetup(t));
  });

  const startCheckout = (link: PaymentLink) =>
    t.request<{ redirectUrl: string }>('POST', '/api/pay/checkout-session', {
      headers: payHost,
      payload: { token: tokenOf(link) },
    });
  const sessionsOf = (link: PaymentLink) =>
    [...t.stripe.sessions.values()].filter(
      (session) => session.metadata.payment_link_id === link.id,
    );

  it('keeps the database free while Stripe is slow to create the Checkout Session', async () => {
    const link = await createLink();
    const slow = t.stripe.hold();
    const checkout = startCheckout(link);
    await slow.arrived;
    try {
      // While Stripe holds its answer: another write of the same lead, and the payer opening the
      // same link (a write to the link's own row).
      const note = within(
        t.request('POST', `/api/leads/${lead.id}/notes`, {
          as: staffToken,
          headers: staffHost,
          payload: { leadID: lead.id, companyID: lead.companyId, text: 'Called about rent' },
        }),
        5_000,
      );
      const opened = within(
        t.request('GET', `/api/pay/link?t=${encodeURIComponent(tokenOf(link))}`, {
          headers: payHost,
        }),
        5_000,
      );
      const [noteAnswer, openAnswer] = await Promise.all([note, opened]);
      expect(noteAnswer, 'a note written while Stripe is slow').not.toBe('timed out');
      expect(openAnswer, 'the link opened while Stripe is slow').not.toBe('timed out');
      expect(noteAnswer).toMatchObject({ status: 200 });
      expect(openAnswer).toMatchObject({ status: 200 });
    } finally {
      slow.release();
    }
    // Control: the checkout that was waiting on Stripe completes with the session.
    const answer = await checkout;
    expect(answer.status, answer.text).toBe(200);
    expect(sessionsOf(link)).toHaveLength(1);
    expect(answer.body.redirectUrl).toBe(sessionsOf(link)[0]?.url);
  });

  it('creates one Checkout Session when two checkouts of a link race', async () => {
    const link = await createLink();
    const slow = t.stripe.hold(2);
    const first = startCheckout(link);
    const second = startCheckout(link);
    // Both requests are at Stripe at once: neither waits for the other's transaction.
    const bothAtStripe = await within(slow.arrived, 5_000);
    slow.release();
    expect(bothAtStripe, 'the second checkout reached Stripe while the first was there').not.toBe(
      'timed out',
    );
    const answers = await Promise.all([first, second]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(sessionsOf(link)).toHaveLength(1);
    expect(answers[0]?.body.redirectUrl).toBe(answers[1]?.body.redirectUrl);
    // A later checkout reuses the session without asking Stripe again.
    const requests = t.stripe.sessionRequests.length;
    expect((await startCheckout(link)).body.redirectUrl).toBe(answers[0]?.body.redirectUrl);
    expect(t.stripe.sessionRequests).toHaveLength(requests);
  });

  const webhook = (payload: string, signature: string) =>
    t.request<{ received: boolean; duplicate: boolean }>('POST', '/webhooks/stripe', {
      headers: { 'content-type': 'application/json', 'stripe-signature': signature, ...staffHost },
      payload,
    });

  /** A link with its Checkout Session; `paid` alters what Stripe reports as paid. */
  const completedSession = async (paid: { amount_total?: number; currency?: string } = {}) => {
    const link = await createLink(42_000);
    const session = await startCheckout(link);
    const sessionId = session.body.redirectUrl.split('/').pop()!;
    const stored = t.stripe.sessions.get(sessionId)!;
    t.stripe.sessions.set(sessionId, { ...stored, ...paid });
    return { link, ...t.stripe.completedWebhook(sessionId) };
  };

  it('pays the link when Stripe reports its amount and currency', async () => {
    const { link, payload, signature } = await completedSession();
    const answer = await webhook(payload, signature);
    expect(answer.status, answer.text).toBe(200);
    expect((await linkRow(t, link.id)).status).toBe('PAID');
    expect(await paidStagesOf(t, link)).toHaveLength(1);
  });

  const mismatches: [string, { amount_total?: number; currency?: string }][] = [
    ['a smaller amount', { amount_total: 100 }],
    ['a larger amount', { amount_total: 4_200_000 }],
    ['another currency', { currency: 'eur' }],
  ];
  it.each(mismatches)(
    'does not mark a link paid when Stripe reports %s, and keeps a record of it',
    async (_label, paid) => {
      const { link, payload, signature, eventId } = await completedSession(paid);
      const answer = await webhook(payload, signature);
      // Received (Stripe stops retrying), but not a payment of this link.
      expect(answer.status, answer.text).toBe(200);
      expect((await linkRow(t, link.id)).status).toBe('ACTIVE');
      expect(await paidStagesOf(t, link)).toHaveLength(0);
      const [attempt] = await t.db
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.externalId, eventId));
      expect(attempt).toMatchObject({ paymentLinkId: link.id, outcome: 'REJECTED' });
      expect(attempt?.declineReason).toMatch(/amount|currency/);
      expect(attempt?.detail).toMatchObject({
        expected: { amountCents: 42_000, currency: 'USD' },
        received: {
          amountCents: paid.amount_total ?? 42_000,
          currency: (paid.currency ?? 'usd').toUpperCase(),
        },
      });
      // A replay of the same event changes nothing either.
      const replay = await webhook(payload, signature);
      expect(replay.body).toMatchObject({ duplicate: true });
      expect((await linkRow(t, link.id)).status).toBe('ACTIVE');
    },
  );
});

/** A payment link row as staff would have sent it (before the server's payment mode changed). */
const insertLink = async (t: TestContext, lead: LeadRow) => {
  const [row] = await t.db
    .insert(paymentLinks)
    .values({
      companyId: lead.companyId,
      leadId: lead.id,
      amountCents: 9_900,
      description: 'Application fee',
      dueDate: tomorrow(),
      channel: 'SMS',
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  return { row: row!, token: t.app.services.payments.linkTokens.sign(row!) };
};

const card = {
  name: 'Mia Stripe',
  number: '4242424242424242',
  expMonth: 12,
  expYear: new Date().getFullYear() + 2,
  cvc: '123',
  postalCode: '78701',
};

const PUBLIC_PAY_HOST = 'pay.leasing-console.com';
const publicPayHost = { host: PUBLIC_PAY_HOST };

describe.each(everyDatabase())('sandbox payments on a public payment host ($name)', (target) => {
  const t = useTestApp(target, { seed: 'none', env: { PAYMENT_HOST: PUBLIC_PAY_HOST } });
  let lead: LeadRow;
  let staffToken: string;
  beforeAll(async () => {
    const office = await createOffice(t.db);
    lead = await createLead(t.db, office.property, { name: 'Noor Public' });
    staffToken = await t.signIn(office.staff.credentials);
  });

  it('takes no test card as a payment: the payer reads an error, the link stays unpaid', async () => {
    const { row, token } = await insertLink(t, lead);
    const view = await t.request('GET', `/api/pay/link?t=${encodeURIComponent(token)}`, {
      headers: publicPayHost,
    });
    expect(view.status).toBe(503);
    expect(view.body).toMatchObject({ error: { code: 'PAYMENTS_UNAVAILABLE' } });
    expect(view.text).toMatch(/not available/i);

    const paid = await t.request('POST', '/api/pay/checkout', {
      headers: publicPayHost,
      payload: { token, idempotencyKey: crypto.randomUUID(), card },
    });
    expect(paid.status).toBe(503);
    expect(paid.body).toMatchObject({ error: { code: 'PAYMENTS_UNAVAILABLE' } });
    const [stored] = await t.db.select().from(paymentLinks).where(eq(paymentLinks.id, row.id));
    expect(stored?.status).toBe('ACTIVE');
  });

  it('tells the console that payments are unavailable', async () => {
    const config = await t.request('GET', '/api/config', { headers: staffHost });
    expect(config.body).toMatchObject({ payments: 'unavailable' });
  });

  it('sends staff no link a payer could not pay', async () => {
    const created = await t.request('POST', `/api/leads/${lead.id}/payment-links`, {
      as: staffToken,
      headers: staffHost,
      payload: { amountCents: 5_000, description: 'Deposit', dueDate: tomorrow(), channel: 'SMS' },
    });
    expect(created.status).toBe(409);
    expect(created.body).toMatchObject({ error: { code: 'PAYMENTS_NOT_SET_UP' } });
    // Staff read what is wrong and who can fix it, never the server's variable names.
    const message = (created.body as { error: { message: string } }).error.message;
    expect(message).toMatch(/^Payments are not set up on this server/);
    expect(message).not.toMatch(/[A-Z]+_[A-Z]+/);
  });
});

describe.each(everyDatabase())(
  'sandbox payments on a public payment host with PAYMENTS_SANDBOX=true ($name)',
  (target) => {
    const t = useTestApp(target, {
      seed: 'none',
      env: { PAYMENT_HOST: PUBLIC_PAY_HOST, PAYMENTS_SANDBOX: 'true' },
    });

    it('takes the test card, as it was told to', async () => {
      const office = await createOffice(t.db);
      const lead = await createLead(t.db, office.property);
      const { row, token } = await insertLink(t, lead);
      const view = await t.request('GET', `/api/pay/link?t=${encodeURIComponent(token)}`, {
        headers: publicPayHost,
      });
      expect(view.status).toBe(200);
      expect(view.body).toMatchObject({ provider: 'sandbox', status: 'ACTIVE' });
      const paid = await t.request('POST', '/api/pay/checkout', {
        headers: publicPayHost,
        payload: { token, idempotencyKey: crypto.randomUUID(), card },
      });
      expect(paid.status, paid.text).toBe(200);
      const [stored] = await t.db.select().from(paymentLinks).where(eq(paymentLinks.id, row.id));
      expect(stored?.status).toBe('PAID');
    });
  },
);
