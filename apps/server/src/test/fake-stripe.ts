import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export type FakeStripeSession = {
  id: string;
  object: 'checkout.session';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  expires_at: number;
  metadata: Record<string, string>;
  mode: string;
  payment_intent: string | null;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete';
  success_url: string;
  cancel_url: string;
  url: string;
};

export type FakeStripe = {
  url: string;
  /** Form fields of every `POST /v1/checkout/sessions`, flattened as Stripe receives them. */
  sessionRequests: Record<string, string>[];
  /** Idempotency-Key headers of those requests. */
  idempotencyKeys: (string | undefined)[];
  sessions: Map<string, FakeStripeSession>;
  /** A signed `checkout.session.completed` webhook for a session, as Stripe would send it. */
  completedWebhook: (
    sessionId: string,
    options?: { eventId?: string; secret?: string },
  ) => { payload: string; signature: string; eventId: string };
  /**
   * Holds every API request that arrives from now on, unanswered, until `release` is called:
   * a slow Stripe. `arrived` resolves once `count` requests are being held.
   */
  hold: (count?: number) => { arrived: Promise<void>; release: () => void };
  close: () => Promise<void>;
};

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/**
 * A loopback stand-in for the Stripe API's Checkout Sessions (`POST /v1/checkout/sessions`, form
 * encoded with Stripe's bracketed keys, Bearer secret key, Idempotency-Key replays) and for the
 * signed webhooks Stripe sends when a session is paid (signed with the official library's helper).
 */
export const startFakeStripe = async (options: {
  secretKey: string;
  webhookSecret: string;
}): Promise<FakeStripe> => {
  const sessionRequests: Record<string, string>[] = [];
  const idempotencyKeys: (string | undefined)[] = [];
  const sessions = new Map<string, FakeStripeSession>();
  const byIdempotencyKey = new Map<string, FakeStripeSession>();
  let held: { gate: Promise<void>; arrive: () => void } | undefined;

  const server = createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', async () => {
      if (held) {
        const { gate, arrive } = held;
        arrive();
        await gate;
      }
      if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
        return send(401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
        });
      }
      const intentPath = /^\/v1\/payment_intents\/(pi_[A-Za-z0-9_]+)(\?|$)/.exec(request.url ?? '');
      if (request.method === 'GET' && intentPath?.[1]) {
        const intentId = intentPath[1];
        const paid = [...sessions.values()].find((session) => session.payment_intent === intentId);
        if (!paid) {
          return send(404, {
            error: {
              type: 'invalid_request_error',
              message: `No such payment_intent: '${intentId}'`,
            },
          });
        }
        // Stripe's client sends arrays as `expand[0]=…`.
        const expanded = [...new URL(request.url ?? '', 'http://x').searchParams].some(
          ([name, value]) => name.startsWith('expand[') && value === 'latest_charge',
        );
        const chargeId = `ch_${intentId.slice(3)}`;
        return send(200, {
          id: intentId,
          object: 'payment_intent',
          amount: paid.amount_total,
          currency: paid.currency,
          status: 'succeeded',
          latest_charge: expanded
            ? {
                id: chargeId,
                object: 'charge',
                payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242' } },
              }
            : chargeId,
        });
      }
      if (request.method !== 'POST' || request.url !== '/v1/checkout/sessions') {
        return send(404, {
          error: { type: 'invalid_request_error', message: `Unrecognized request URL` },
        });
      }
      const fields = Object.fromEntries(new URLSearchParams(raw));
      const key = request.headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' ? key : undefined;
      sessionRequests.push(fields);
      idempotencyKeys.push(idempotencyKey);
      const replay = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
      if (replay) return send(200, replay);
      const unitAmount = Number(fields['line_items[0][price_data][unit_amount]']);
      const quantity = Number(fields['line_items[0][quantity]'] ?? 1);
      if (!Number.isInteger(unitAmount) || !fields.success_url || !fields.cancel_url) {
        return send(400, {
          error: { type: 'invalid_request_error', message: 'Missing required param' },
        });
      }
      const metadata: Record<string, string> = {};
      for (const [name, value] of Object.entries(fields)) {
        const match = /^metadata\[(.+)\]$/.exec(name);
        if (match?.[1]) metadata[match[1]] = value;
      }
      const sessionId = id('cs');
      const session: FakeStripeSession = {
        id: sessionId,
        object: 'checkout.session',
        amount_total: unitAmount * quantity,
        currency: fields['line_items[0][price_data][currency]'] ?? 'usd',
        client_reference_id: fields.client_reference_id ?? null,
        customer_email: fields.customer_email ?? null,
        expires_at: Number(fields.expires_at ?? Math.floor(Date.now() / 1000) + 86_400),
        metadata,
        mode: fields.mode ?? 'payment',
        payment_intent: null,
        payment_status: 'unpaid',
        status: 'open',
        success_url: fields.success_url,
        cancel_url: fields.cancel_url,
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
      };
      sessions.set(sessionId, session);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, session);
      send(200, session);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const stripe = new Stripe(options.secretKey);

  return {
    url: `http://127.0.0.1:${port}`,
    sessionRequests,
    idempotencyKeys,
    sessions,
    completedWebhook: (sessionId, { eventId = id('evt'), secret = options.webhookSecret } = {}) => {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const paid: FakeStripeSession = {
        ...session,
        payment_intent: session.payment_intent ?? id('pi'),
        payment_status: 'paid',
        status: 'complete',
      };
      sessions.set(sessionId, paid);
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type: 'checkout.session.completed',
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: paid },
      });
      const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
      return { payload, signature, eventId };
    },
    hold: (count = 1) => {
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      let waiting = count;
      let arrived = () => {};
      const all = new Promise<void>((resolve) => (arrived = resolve));
      held = {
        gate,
        arrive: () => {
          waiting -= 1;
          if (waiting === 0) arrived();
        },
      };
      return {
        arrived: all,
        release: () => {
          held = undefined;
          release();
        },
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};
