import { apiPaths, SANDBOX_DECLINE_CARD, SANDBOX_SUCCESS_CARD } from '@leasing/contract';
import type { CheckoutRequest } from '@leasing/contract';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getPaymentLinkQueryKey } from '../../../features/checkout/api/get-payment-link';
import {
  CONFIRM_GIVE_UP_MS,
  CONFIRM_POLL_INTERVAL_MS,
} from '../../../features/checkout/components/stripe-return';
import {
  PAYMENT_TOKEN,
  paidLink,
  paymentLink,
  receipt,
} from '../../../features/checkout/testing/payment-link-fixtures';
import { queryClient } from '../../../lib/query-client';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import type { FakeHandler, FakeResponse } from '../../../testing/fake-server';
import { renderPaymentApp } from './testing/render-payment-app';

const checkoutPath = `/checkout?t=${PAYMENT_TOKEN}`;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const declined = apiError(402, 'CARD_DECLINED', 'Your card was declined.');

type CardEntry = { name?: string; number?: string; expiry?: string; cvc?: string; zip?: string };

async function fillCard(user: UserEvent, card: CardEntry = {}) {
  const entries: [string, string | undefined][] = [
    ['Name on card', card.name ?? 'Jordan Prospect'],
    ['Card number', card.number ?? SANDBOX_SUCCESS_CARD],
    ['Expiry date', card.expiry ?? '1234'],
    ['CVC', card.cvc ?? '123'],
    ['ZIP / postal code', card.zip ?? '78701'],
  ];
  for (const [label, value] of entries) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (!value) continue;
    // Typed key by key where the field formats what is typed; pasted elsewhere, as quicker.
    if (label === 'Name on card' || label === 'ZIP / postal code') await user.paste(value);
    else await user.type(input, value);
  }
}

function stubCheckout(answer: FakeHandler, link = paymentLink()) {
  return stubRoutes({
    [`GET ${apiPaths.payLink}`]: { body: link },
    [`POST ${apiPaths.payCheckout}`]: answer,
  });
}

function sentCheckouts(server: ReturnType<typeof stubRoutes>) {
  return server
    .requestsTo(apiPaths.payCheckout, 'POST')
    .map((request) => request.body as CheckoutRequest);
}

describe('checkout page (sandbox)', () => {
  it('pays with the card, shows the receipt and marks the cached link paid', async () => {
    const server = stubCheckout(() => ({ body: { status: 'PAID', receipt } }));
    const { user } = renderPaymentApp(checkoutPath);

    expect(await screen.findByRole('heading', { name: 'December rent' })).toBeTruthy();
    expect(
      screen.getByText('Test mode: pay with 4242 4242 4242 4242; 4000 0000 0000 0002 is declined.'),
    ).toBeTruthy();
    await fillCard(user);
    const number = screen.getByLabelText('Card number');
    expect((number as HTMLInputElement).value).toBe('4242 4242 4242 4242');
    expect(number.getAttribute('inputmode')).toBe('numeric');
    expect(number.getAttribute('autocomplete')).toBe('cc-number');
    expect((screen.getByLabelText('Expiry date') as HTMLInputElement).value).toBe('12 / 34');

    // Enter in any field submits.
    await user.type(screen.getByLabelText('ZIP / postal code'), '{Enter}');

    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    expect(
      screen.getByText('Thank you, Jordan Prospect. Riverside Living has received your payment.'),
    ).toBeTruthy();
    expect(screen.getByText('Visa •••• 4242')).toBeTruthy();
    const [sent] = sentCheckouts(server);
    expect(sent).toEqual({
      token: PAYMENT_TOKEN,
      idempotencyKey: expect.stringMatching(uuidPattern),
      card: {
        name: 'Jordan Prospect',
        number: SANDBOX_SUCCESS_CARD,
        expMonth: 12,
        expYear: 2034,
        cvc: '123',
        postalCode: '78701',
      },
    });
    expect(queryClient.getQueryData(getPaymentLinkQueryKey(PAYMENT_TOKEN))).toMatchObject({
      status: 'PAID',
      receipt,
    });
  });

  it('shows the decline reason, keeps the card and tries again with a new key', async () => {
    let answer = declined;
    const server = stubCheckout(() => answer);
    const { user } = renderPaymentApp(checkoutPath);

    await screen.findByRole('heading', { name: 'December rent' });
    await fillCard(user, { number: SANDBOX_DECLINE_CARD });
    await user.click(screen.getByRole('button', { name: 'Pay $1,650.00' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your card was declined.');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe(
      '4000 0000 0000 0002',
    );
    expect((screen.getByLabelText('Name on card') as HTMLInputElement).value).toBe(
      'Jordan Prospect',
    );

    answer = { body: { status: 'PAID', receipt } };
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $1,650.00' }));
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();

    const [first, second] = sentCheckouts(server);
    expect(first?.card.number).toBe(SANDBOX_DECLINE_CARD);
    expect(second?.card.number).toBe(SANDBOX_SUCCESS_CARD);
    expect(second?.idempotencyKey).toMatch(uuidPattern);
    expect(second?.idempotencyKey).not.toBe(first?.idempotencyKey);
  });

  it('sends one payment however often Pay is pressed while it is on its way', async () => {
    let answerPayment: (answer: FakeResponse) => void = () => {};
    const server = stubCheckout(
      () => new Promise<FakeResponse>((resolve) => (answerPayment = resolve)),
    );
    const { user } = renderPaymentApp(checkoutPath);

    await screen.findByRole('heading', { name: 'December rent' });
    await fillCard(user);
    const pay = screen.getByRole('button', { name: 'Pay $1,650.00' });
    await user.click(pay);
    await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(true));
    await user.click(pay);
    await user.type(screen.getByLabelText('ZIP / postal code'), '{Enter}');

    answerPayment({ body: { status: 'PAID', receipt } });
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    expect(sentCheckouts(server)).toHaveLength(1);
  });

  it('asks again with the same key after a dropped connection, so nothing is charged twice', async () => {
    let dropConnection = true;
    const server = stubCheckout(() => {
      if (dropConnection) throw new TypeError('Failed to fetch');
      return { body: { status: 'PAID', receipt } };
    });
    const { user } = renderPaymentApp(checkoutPath);

    await screen.findByRole('heading', { name: 'December rent' });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $1,650.00' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("We couldn't confirm your payment");
    expect(alert.textContent).toContain('Trying again will not charge you twice.');

    dropConnection = false;
    await user.click(screen.getByRole('button', { name: 'Pay $1,650.00' }));
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    const [first, second] = sentCheckouts(server);
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
  });

  it('says which fields need fixing and sends nothing until they are right', async () => {
    const server = stubCheckout(() => ({ body: { status: 'PAID', receipt } }));
    const { user } = renderPaymentApp(checkoutPath);

    await screen.findByRole('heading', { name: 'December rent' });
    await user.click(screen.getByRole('button', { name: 'Pay $1,650.00' }));
    expect(screen.getByText('Enter the name as it appears on your card.')).toBeTruthy();
    expect(screen.getByText('Enter your card number.')).toBeTruthy();
    expect(screen.getByText('Enter the expiry as MM / YY.')).toBeTruthy();
    expect(screen.getByText('Enter the 3 or 4 digit code.')).toBeTruthy();
    expect(screen.getByText('Enter the ZIP or postal code of your billing address.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Name on card'));

    await fillCard(user, { number: '4242424242424241', expiry: '1320' });
    await user.click(screen.getByRole('button', { name: 'Pay $1,650.00' }));
    expect(
      screen.getByText("This card number isn't valid. Check the digits and try again."),
    ).toBeTruthy();
    expect(screen.getByText('Enter a month from 01 to 12.')).toBeTruthy();
    expect(screen.queryByText('Enter your card number.')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Card number'));

    await fillCard(user, { expiry: '0120' });
    await user.click(screen.getByRole('button', { name: 'Pay $1,650.00' }));
    expect(screen.getByText('This card has expired.')).toBeTruthy();
    expect(sentCheckouts(server)).toEqual([]);
  });

  it('marks the fields the server refused and tries again with a new key', async () => {
    let answer: FakeResponse = {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION',
          message: 'body.card.cvc: 3 or 4 digits',
          details: [{ path: 'body.card.cvc', message: '3 or 4 digits' }],
        },
      },
    };
    const server = stubCheckout(() => answer);
    const { user } = renderPaymentApp(checkoutPath);

    await screen.findByRole('heading', { name: 'December rent' });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $1,650.00' }));
    expect(await screen.findByText('Enter the 3 or 4 digit code.')).toBeTruthy();

    answer = { body: { status: 'PAID', receipt } };
    await user.click(screen.getByRole('button', { name: 'Pay $1,650.00' }));
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    const [first, second] = sentCheckouts(server);
    expect(second?.idempotencyKey).not.toBe(first?.idempotencyKey);
  });

  it('shows the receipt when the link turns out to be paid already', async () => {
    let link = paymentLink();
    stubRoutes({
      [`GET ${apiPaths.payLink}`]: () => ({ body: link }),
      [`POST ${apiPaths.payCheckout}`]: apiError(409, 'PAYMENT_LINK_PAID', 'This link is paid.'),
    });
    const { user } = renderPaymentApp(checkoutPath);

    await screen.findByRole('heading', { name: 'December rent' });
    link = paidLink();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $1,650.00' }));
    expect(await screen.findByRole('heading', { name: 'Paid' })).toBeTruthy();
  });

  it.each([
    ['expired', paymentLink({ status: 'EXPIRED' }), 'This payment link has expired'],
    ['paid', paidLink(), 'Paid'],
  ])('shows an %s link as the link page does, with no card form', async (_state, link, heading) => {
    stubCheckout(() => declined, link);
    renderPaymentApp(checkoutPath);

    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });

  it('says a checkout without a valid token is not valid', async () => {
    stubRoutes({
      [`GET ${apiPaths.payLink}`]: apiError(404, 'PAYMENT_LINK_INVALID', 'Unknown link'),
    });
    renderPaymentApp('/checkout');
    expect(
      await screen.findByRole('heading', { name: "This payment link isn't valid" }),
    ).toBeTruthy();
  });
});

describe('checkout page (Stripe)', () => {
  const stripeLink = paymentLink({ provider: 'stripe' });

  it("sends the payer to Stripe's page with the link's token", async () => {
    // jsdom navigates only within the page, so Stripe's page is played by an anchor on this one.
    const redirectUrl = `${window.location.origin}/#stripe-checkout-cs_test_1`;
    const server = stubRoutes({
      [`GET ${apiPaths.payLink}`]: { body: stripeLink },
      [`POST ${apiPaths.payCheckoutSession}`]: { body: { redirectUrl } },
    });
    const { user } = renderPaymentApp(checkoutPath);

    await user.click(await screen.findByRole('button', { name: 'Pay $1,650.00 with card' }));

    await waitFor(() => expect(window.location.href).toBe(redirectUrl));
    expect(server.requestsTo(apiPaths.payCheckoutSession, 'POST')[0]?.body).toEqual({
      token: PAYMENT_TOKEN,
    });
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });

  it('confirms the payment when Stripe sends the payer back, asking until it is paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let link = stripeLink;
    const server = stubRoutes({ [`GET ${apiPaths.payLink}`]: () => ({ body: link }) });
    renderPaymentApp(`${checkoutPath}&session_id=cs_test_1`, {
      user: { advanceTimers: vi.advanceTimersByTime },
    });

    expect(await screen.findByRole('heading', { name: 'Confirming your payment…' })).toBeTruthy();
    await vi.advanceTimersByTimeAsync(CONFIRM_POLL_INTERVAL_MS);
    await waitFor(() => expect(server.requestsTo(apiPaths.payLink).length).toBeGreaterThan(1));
    expect(screen.getByRole('heading', { name: 'Confirming your payment…' })).toBeTruthy();

    link = paidLink({ provider: 'stripe' });
    await vi.advanceTimersByTimeAsync(CONFIRM_POLL_INTERVAL_MS);
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
  });

  it('stops asking after a minute and lets the payer check again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let link = stripeLink;
    const server = stubRoutes({ [`GET ${apiPaths.payLink}`]: () => ({ body: link }) });
    const { user } = renderPaymentApp(`${checkoutPath}&session_id=cs_test_1`, {
      user: { advanceTimers: vi.advanceTimersByTime },
    });

    await screen.findByRole('heading', { name: 'Confirming your payment…' });
    await vi.advanceTimersByTimeAsync(CONFIRM_GIVE_UP_MS);
    expect(
      await screen.findByRole('heading', { name: 'Your payment is still being confirmed' }),
    ).toBeTruthy();
    const asked = server.requestsTo(apiPaths.payLink).length;
    await vi.advanceTimersByTimeAsync(CONFIRM_POLL_INTERVAL_MS * 3);
    expect(server.requestsTo(apiPaths.payLink)).toHaveLength(asked);

    link = paidLink({ provider: 'stripe' });
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
  });
});
