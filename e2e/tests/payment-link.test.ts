import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openLead } from '../support/leads.js';
import { useBrowserSession } from '../support/session.js';

const PAY_HOST = 'pay.leasing.test';

type PaymentLinks = { links: { id: string; url: string; status: string }[] };

describe('payment links: staff send, the lead pays on the payment host', () => {
  const ui = useBrowserSession({
    env: { PAYMENT_HOST: PAY_HOST },
    // The payment host is a name of this machine for this browser only, as DNS makes it in production.
    browserArgs: [`--host-resolver-rules=MAP ${PAY_HOST} 127.0.0.1`],
    // Its own server: a test restarts it.
    ownServer: true,
  });
  let staff: Page;
  let jamesId: string;
  /** The lead's name: a lead of the file's own, whose balance was moved to debt. */
  let JAMES: string;

  const newPage = (viewport = { width: 1280, height: 900 }) => ui.newPage({ viewport });

  /** The staff API, called with the signed-in staff page's own token. */
  const staffApi = <T>(path: string, init: { method?: string; body?: unknown } = {}) =>
    staff.evaluate(
      async ({ path, init }) => {
        const response = await fetch(path, {
          method: init.method ?? 'GET',
          headers: {
            authorization: `Bearer ${localStorage.getItem('token')}`,
            ...(init.body ? { 'content-type': 'application/json' } : {}),
          },
          body: init.body ? JSON.stringify(init.body) : undefined,
        });
        if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
        return response.json() as Promise<T>;
      },
      { path, init },
    );

  const paymentLinks = () => staffApi<PaymentLinks>(`/api/leads/${jamesId}/payment-links`);

  /** The stages of a link's PAYMENT events, oldest first, as the staff API lists the timeline. */
  const stagesOf = async (linkId: string) => {
    const page = await staffApi<{
      items: { date: string; data: { paymentLink?: { id: string; stage: string } } }[];
    }>(`/api/leads/${jamesId}/conversations?limit=200`);
    return page.items
      .filter((event) => event.data.paymentLink?.id === linkId)
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((event) => event.data.paymentLink?.stage);
  };

  beforeAll(async () => {
    const james = await ui.make.lead({ name: 'James Anderson' });
    await ui.make.event(james, {
      eventType: 'MOVED_TO_DEBT',
      senderType: 'SYSTEM',
      body: 'Balance of $2,310.00 moved to collections',
      data: { amount: 2310, currency: 'USD' },
      hoursAgo: 300,
    });
    JAMES = james.name;
    jamesId = james._id;
    staff = await ui.signedInPage({ viewport: { width: 1280, height: 900 } });
    await openLead(staff, ui.server.url, james);
  });

  it('is sent from the pane, declined with the decline card, paid with the test card, and shows live', async () => {
    await staff.getByRole('button', { name: 'More actions' }).click();
    await staff.getByRole('menuitem', { name: 'Request payment' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Request a payment' });
    // James was moved to debt for $2,310.00: the dialog says so and asks for that amount.
    await expect
      .poll(() => dialog.getByText(/Moved to debt on .*: \$2,310\.00 due\./).count())
      .toBe(1);
    expect(await dialog.getByRole('textbox', { name: 'Amount' }).inputValue()).toContain(
      '2,310.00',
    );
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Outstanding balance');
    await dialog.getByRole('button', { name: 'Send payment link' }).click();
    await staff.getByText(`Payment link sent to ${JAMES}`).waitFor();
    const timeline = staff.getByLabel('Conversation timeline');
    await timeline.getByText('Payment link sent').first().waitFor();

    const [link] = (await paymentLinks()).links;
    if (!link) throw new Error('no payment link was created');
    expect(link.url.startsWith(`http://${PAY_HOST}:${new URL(ui.server.url).port}/?t=`)).toBe(true);
    expect(await stagesOf(link.id)).toEqual(['SENT']);

    // The lead opens the link on a phone, on the payment host.
    const payer = await newPage({ width: 390, height: 844 });
    await payer.goto(link.url);
    await payer.getByText('$2,310.00').first().waitFor();
    expect(await payer.title()).toBe('Paymentlink');
    await payer.getByText(JAMES).first().waitFor();
    // The payer's zone is unknown: the property's is named with the due date and the expiry.
    await payer
      .getByText(/^Due \w{3} \d{1,2}, \d{4} \(Central time\)$/)
      .first()
      .waitFor();
    await payer.getByText(/^This link expires .+ \d{1,2}:\d{2} (AM|PM) Central\.$/).waitFor();
    await timeline.getByText('Payment link opened').waitFor();

    await payer.getByRole('link', { name: 'Continue to payment' }).click();
    await payer.waitForURL('**/checkout?**');
    const form = payer.getByRole('form', { name: 'Card details' });
    await form.getByRole('textbox', { name: 'Name on card' }).fill(JAMES);
    await form.getByRole('textbox', { name: 'Card number' }).fill('4000 0000 0000 0002');
    await form.getByRole('textbox', { name: 'Expiry date' }).fill('12 / 34');
    await form.getByRole('textbox', { name: 'CVC' }).fill('123');
    await form.getByRole('textbox', { name: 'ZIP / postal code' }).fill('78701');
    await payer.getByRole('button', { name: 'Pay $2,310.00' }).click();
    await payer.getByText('Your card was declined.').waitFor();
    expect(await stagesOf(link.id)).toEqual(['SENT', 'OPENED']);

    await form.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
    await payer.getByRole('button', { name: 'Pay $2,310.00' }).click();
    await payer.getByText('Payment received').first().waitFor();

    // The staff pane hears of it without a reload, once.
    await timeline.getByText('Payment received').first().waitFor();
    expect(await stagesOf(link.id)).toEqual(['SENT', 'OPENED', 'PAID']);
    await expect.poll(() => timeline.getByText('Payment received').count()).toBe(1);

    // Opened again, the paid link shows its receipt and cannot be paid twice.
    await payer.goto(link.url);
    await payer.getByText('Paid').first().waitFor();
    expect(await payer.getByRole('link', { name: 'Continue to payment' }).count()).toBe(0);
  });

  it('keeps staff routes, the staff API and sockets off the payment host, and payment pages off the staff host', async () => {
    const { links } = await paymentLinks();
    const token = new URL(links[0]!.url).searchParams.get('t');
    const payOrigin = new URL(links[0]!.url).origin;
    const payer = await newPage();
    for (const path of ['/main/dashboard', '/account/login', '/properties/x/leads/y/escalation']) {
      await payer.goto(`${payOrigin}${path}`);
      await payer.getByText('Page not found').waitFor();
      expect(await payer.title()).toBe('Paymentlink');
      expect(new URL(payer.url()).pathname).toBe(path);
    }
    const statuses = await payer.evaluate(async () => {
      const status = (path: string) => fetch(path).then((response) => response.status);
      return {
        me: await status('/api/me'),
        properties: await status('/api/properties'),
        socket: await status('/socket.io/?EIO=4&transport=polling'),
      };
    });
    expect(statuses.me).toBe(404);
    expect(statuses.properties).toBe(404);
    expect(statuses.socket).not.toBe(200);

    // The staff host runs the console, whatever the path: no checkout there.
    const onStaffHost = await newPage();
    await onStaffHost.goto(`${ui.server.url}/checkout?t=${token}`);
    await onStaffHost.waitForURL('**/account/login**');
    expect(await onStaffHost.title()).not.toBe('Paymentlink');
    const api = await onStaffHost.evaluate(
      (token) => fetch(`/api/pay/link?t=${token}`).then((response) => response.status),
      token,
    );
    expect(api).toBe(404);
  });

  it('shows a tampered link as not valid and an expired link as expired', async () => {
    const { link } = await staffApi<{ link: { id: string; url: string } }>(
      `/api/leads/${jamesId}/payment-links`,
      {
        method: 'POST',
        body: {
          amountCents: 18_000,
          description: 'Late fee',
          dueDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
          channel: 'EMAIL',
        },
      },
    );
    const payer = await newPage({ width: 390, height: 844 });
    const tampered = new URL(link.url);
    const token = tampered.searchParams.get('t') ?? '';
    // One character of its signature changed (not the last: its low bits are only padding).
    tampered.searchParams.set(
      't',
      `${token.slice(0, 30)}${token[30] === 'A' ? 'B' : 'A'}${token.slice(31)}`,
    );
    await payer.goto(tampered.toString());
    await payer.getByText("This payment link isn't valid").waitFor();
    expect(await payer.title()).toBe('Paymentlink');

    // The link's time passes while no server runs; the next start expires it.
    await ui.server.restart((database) =>
      database.query(
        `update payment_links set expires_at = now() - interval '1 minute' where id = $1`,
        [link.id],
      ),
    );
    await payer.goto(link.url);
    await payer.getByText('This payment link has expired').waitFor();
    expect(await payer.getByRole('link', { name: 'Continue to payment' }).count()).toBe(0);
    expect(await stagesOf(link.id)).toEqual(['SENT', 'EXPIRED']);
    await staff.reload();
    await staff.getByLabel('Conversation timeline').getByText('Payment link expired').waitFor();
    // It restarts the server: a start alone may take a minute on a busy machine.
  }, 180_000);
});
