import { apiPaths } from '@leasing/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  PAYMENT_TOKEN,
  paidLink,
  paymentLink,
} from '../../../features/checkout/testing/payment-link-fixtures';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import type { FakeResponse } from '../../../testing/fake-server';
import { renderPaymentApp } from './testing/render-payment-app';

const linkPath = `/?t=${PAYMENT_TOKEN}`;

/** The value a receipt shows beside `label`. */
function receiptLine(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('payment link page', () => {
  it('shows what is asked for, by whom and by when, and continues to the checkout', async () => {
    const server = stubRoutes({ [`GET ${apiPaths.payLink}`]: { body: paymentLink() } });
    const { user, router } = renderPaymentApp(linkPath);

    expect(await screen.findByRole('heading', { name: 'December rent' })).toBeTruthy();
    expect(screen.getByText('Riverside Living')).toBeTruthy();
    expect(screen.getByText('Maple Court')).toBeTruthy();
    expect(screen.getByText('12 Maple St, Springfield')).toBeTruthy();
    expect(screen.getByText('For Jordan Prospect')).toBeTruthy();
    expect(screen.getByText('$1,650.00')).toBeTruthy();
    // The payer's zone is unknown: the property's is named with the due date and the expiry.
    expect(screen.getByText('Due Dec 1, 2026 (Central time)')).toBeTruthy();
    expect(screen.getByText('This link expires Dec 8, 2026, 12:00 PM Central.')).toBeTruthy();
    expect(server.requestsTo(apiPaths.payLink)[0]?.url.searchParams.get('t')).toBe(PAYMENT_TOKEN);

    await user.click(screen.getByRole('link', { name: 'Continue to payment' }));
    expect(await screen.findByRole('button', { name: 'Pay $1,650.00' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/checkout');
    expect(router.state.location.search).toBe(`?t=${PAYMENT_TOKEN}`);
  });

  it('says an expired link has expired and how to reach the company for a new one', async () => {
    stubRoutes({ [`GET ${apiPaths.payLink}`]: { body: paymentLink({ status: 'EXPIRED' }) } });
    renderPaymentApp(linkPath);

    expect(
      await screen.findByRole('heading', { name: 'This payment link has expired' }),
    ).toBeTruthy();
    expect(screen.getByText(/Ask Riverside Living to send you a new link/)).toBeTruthy();
    const call = screen.getByRole('link', { name: 'Call (512) 555-0101' });
    expect(call.getAttribute('href')).toBe('tel:+15125550101');
    const email = screen.getByRole('link', { name: 'Email office@riverside.test' });
    expect(email.getAttribute('href')).toBe('mailto:office@riverside.test');
    expect(screen.queryByRole('link', { name: 'Continue to payment' })).toBeNull();
  });

  it('leaves out the ways to reach the company that it does not have', async () => {
    const link = paymentLink({ status: 'EXPIRED', contact: { phone: null, email: null } });
    stubRoutes({ [`GET ${apiPaths.payLink}`]: { body: link } });
    renderPaymentApp(linkPath);

    expect(
      await screen.findByText('Nothing was charged. Ask Riverside Living to send you a new link.'),
    ).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows the receipt of a paid link', async () => {
    stubRoutes({ [`GET ${apiPaths.payLink}`]: { body: paidLink() } });
    renderPaymentApp(linkPath);

    expect(await screen.findByRole('heading', { name: 'Paid' })).toBeTruthy();
    expect(screen.getByText('$1,650.00')).toBeTruthy();
    expect(receiptLine('For')).toBe('December rent');
    expect(receiptLine('Property')).toBe('Maple Court');
    expect(receiptLine('Paid on')).toBe('Nov 28, 2026');
    expect(receiptLine('Card')).toBe('Visa •••• 4242');
    expect(receiptLine('Reference')).toBe('pay_sbx_0001');
    expect(screen.queryByRole('link', { name: 'Continue to payment' })).toBeNull();
  });

  it('says a link the server does not know is not valid', async () => {
    stubRoutes({
      [`GET ${apiPaths.payLink}`]: apiError(404, 'PAYMENT_LINK_INVALID', 'Unknown link'),
    });
    renderPaymentApp(linkPath);

    expect(
      await screen.findByRole('heading', { name: "This payment link isn't valid" }),
    ).toBeTruthy();
    expect(screen.getByText(/opened the whole link from your text message or email/)).toBeTruthy();
  });

  it('says a link without its token is not valid, without asking the server', async () => {
    const server = stubRoutes({});
    renderPaymentApp('/');

    expect(
      await screen.findByRole('heading', { name: "This payment link isn't valid" }),
    ).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it('offers to try again when the server cannot be reached', async () => {
    // A gateway's 503 while the server is down: not the API's JSON.
    let answer: FakeResponse = { status: 503, body: 'Service Unavailable' };
    const server = stubRoutes({ [`GET ${apiPaths.payLink}`]: () => answer });
    const { user } = renderPaymentApp(linkPath);

    expect(
      await screen.findByRole(
        'heading',
        { name: "We couldn't load your payment" },
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    answer = { body: paymentLink() };
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'December rent' })).toBeTruthy();
    expect(server.requestsTo(apiPaths.payLink).length).toBeGreaterThan(1);
  });
});
