import { apiPaths, LEAD_ACCESS_AUDIENCE } from '@leasing/contract';
import type {
  CreatePaymentLinkResponse,
  Lead,
  LeadPaymentLinks,
  RemoteConfig,
  SecureAccessLead,
  User,
} from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import type { RouteAnswer } from '../../../testing/fake-server';
import {
  agentUser,
  conversationEvent,
  demoUser,
  fakeJwt,
  lead as leadFixture,
  paymentLink,
  paymentLinkEvent,
} from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { stubTimelineLayout } from '../../../testing/stub-layout';
import { toLocalIsoDate } from '../utils/local-date';

const linksOn: LeadPaymentLinks = { enabled: true, amountDue: null, links: [] };

function pagePath(lead: Lead) {
  return `/properties/${lead.propertyID}/leads/${encodeURIComponent(lead.pmsLeadId)}/escalation`;
}

/** Opens the lead's pane and the 'Request a payment' dialog from the more-menu. */
async function openDialog({
  lead = leadFixture(),
  links = linksOn,
  create,
}: {
  lead?: Lead;
  links?: LeadPaymentLinks;
  create?: RouteAnswer;
} = {}) {
  startSession('token');
  stubTimelineLayout();
  const linksPath = apiPaths.leadPaymentLinks(lead._id);
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.lead(lead.propertyID, lead.pmsLeadId)}`]: { body: lead },
    [`POST /api/leads/${lead._id}/read`]: { status: 204 },
    [`GET ${linksPath}`]: { body: links },
    ...(create ? { [`POST ${linksPath}`]: create } : {}),
  });
  const { user } = renderApp(pagePath(lead));
  await screen.findByRole('heading', { name: lead.name });
  await user.click(screen.getByRole('button', { name: 'More actions' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Request payment' }));
  const dialog = await screen.findByRole('dialog', { name: 'Request a payment' });
  return { user, server, dialog, linksPath };
}

/** What the server answers a new $1,650.10 link: the SMS that carries it and its SENT event. */
function sent(lead: Lead): CreatePaymentLinkResponse {
  const link = paymentLink({ amountCents: 165010 });
  const message = conversationEvent({
    _id: 'link-message',
    leadID: lead._id,
    senderType: 'USER',
    senderName: 'Dana Agent',
    sendingStatus: 'PENDING',
    body: `Hi Jordan, here is your secure link to pay $1,650.10 for December rent, due Dec 1, 2026: ${link.url}`,
  });
  const sentEvent = paymentLinkEvent(
    'SENT',
    { _id: 'link-sent', leadID: lead._id, eventByUserName: 'Dana Agent' },
    { id: link.id },
  );
  return { link, events: [message, { ...sentEvent, data: { ...sentEvent.data, amount: 1650.1 } }] };
}

describe('Request a payment (pane more-menu)', () => {
  it('sends the typed amount in whole cents, then closes, says so and shows the link on the timeline', async () => {
    const lead = leadFixture();
    const { user, server, dialog, linksPath } = await openDialog({
      create: { status: 201, body: sent(lead) },
    });

    const amount = await within(dialog).findByRole('textbox', { name: 'Amount' });
    await user.type(amount, '1650.10');
    expect((amount as HTMLInputElement).value).toBe('$1,650.10');
    await user.click(within(dialog).getByRole('textbox', { name: 'Description' }));
    await user.paste('December rent');
    expect(
      within(dialog).getByText('Jordan gets a text with a secure link to pay $1,650.10.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send payment link' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Request a payment' })).toBeNull(),
    );
    expect(await screen.findByText('Payment link sent to Jordan Prospect')).toBeTruthy();
    const [request] = server.requestsTo(linksPath, 'POST');
    expect(request?.body).toEqual({
      amountCents: 165010,
      description: 'December rent',
      dueDate: toLocalIsoDate(new Date()),
      channel: 'SMS',
      expiresInDays: 7,
    });

    const timeline = screen.getByRole('region', { name: 'Conversation timeline' });
    await waitFor(() =>
      expect(timeline.querySelector('[data-event-id="link-message"]')).not.toBeNull(),
    );
    const sentRow = timeline.querySelector<HTMLElement>('[data-event-id="link-sent"]');
    expect(within(sentRow!).getByText('Payment link sent')).toBeTruthy();
    expect(within(sentRow!).getByText('· $1,650.10')).toBeTruthy();
  });

  it('starts with the amount a lead moved to debt owes, and sends it by the chosen channel for the chosen time', async () => {
    const lead = leadFixture({ emailOptStatus: 'OPT_IN' });
    const { user, server, dialog, linksPath } = await openDialog({
      lead,
      links: {
        enabled: true,
        amountDue: { amountCents: 231000, currency: 'USD', since: '2026-11-20T15:00:00.000Z' },
        links: [],
      },
      create: { status: 201, body: sent(lead) },
    });

    expect(
      await within(dialog).findByText('Moved to debt on Nov 20, 2026: $2,310.00 due.'),
    ).toBeTruthy();
    const amount = within(dialog).getByRole('textbox', { name: 'Amount' }) as HTMLInputElement;
    expect(amount.value).toBe('$2,310.00');
    await user.click(within(dialog).getByRole('textbox', { name: 'Description' }));
    await user.paste('Balance due');
    await user.click(within(dialog).getByText('Email'));
    expect(
      within(dialog).getByText('Jordan gets an email with a secure link to pay $2,310.00.'),
    ).toBeTruthy();
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Link valid for' }),
      '14 days',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), '{Enter}');

    await waitFor(() => expect(server.requestsTo(linksPath, 'POST')).toHaveLength(1));
    expect(server.requestsTo(linksPath, 'POST')[0]?.body).toMatchObject({
      amountCents: 231000,
      description: 'Balance due',
      channel: 'EMAIL',
      expiresInDays: 14,
    });
  });

  it('offers only the channels that reach the lead, and says why the other is off', async () => {
    const lead = leadFixture({ phoneOptStatus: 'OPT_OUT', emailOptStatus: 'OPT_IN' });
    const { dialog } = await openDialog({ lead });

    const sms = await within(dialog).findByRole('radio', { name: 'SMS' });
    expect((sms as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByRole('radio', { name: 'Email' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(
      within(dialog).getByText("Can't send by SMS. The prospect opted out of text messages."),
    ).toBeTruthy();
  });

  it('keeps Send off when neither channel reaches the lead, and says why', async () => {
    const lead = leadFixture({ phoneOptStatus: 'OPT_OUT', emailOptStatus: 'OPT_OUT' });
    const { dialog } = await openDialog({ lead });

    const send = within(dialog).getByRole('button', { name: 'Send payment link' });
    expect(send).toHaveProperty('disabled', true);
    const reasons = document.getElementById(send.getAttribute('aria-describedby') ?? '');
    expect(reasons?.textContent).toContain("Can't send by SMS.");
    expect(reasons?.textContent).toContain("Can't send by Email.");
  });

  it('hints at the description with an example, leaving the field empty', async () => {
    const { dialog } = await openDialog();

    const description = (await within(dialog).findByRole('textbox', {
      name: 'Description',
    })) as HTMLInputElement;
    expect(description.value).toBe('');
    expect(description.placeholder).toBe('e.g. Application fee');
  });

  it('checks the form before sending anything', async () => {
    const { user, server, dialog, linksPath } = await openDialog();

    const dueDate = await within(dialog).findByLabelText('Due date');
    await user.clear(dueDate);
    await user.type(dueDate, '2020-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Send payment link' }));

    expect(within(dialog).getByText('Enter the amount to request.')).toBeTruthy();
    expect(
      within(dialog).getByText('Say what the payment is for, like December rent.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('The due date cannot be in the past.')).toBeTruthy();
    expect(server.requestsTo(linksPath, 'POST')).toEqual([]);
  });

  it("says the contract's amount limits in the form's words, and sends nothing", async () => {
    const { user, server, dialog, linksPath } = await openDialog();

    const amount = await within(dialog).findByRole('textbox', { name: 'Amount' });
    await user.type(amount, '0.10');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Rent');
    await user.click(within(dialog).getByRole('button', { name: 'Send payment link' }));
    expect(within(dialog).getByText('The smallest amount is $0.50.')).toBeTruthy();

    await user.clear(amount);
    await user.type(amount, '100000.01');
    await user.click(within(dialog).getByRole('button', { name: 'Send payment link' }));
    expect(within(dialog).getByText('The largest amount is $100,000.00.')).toBeTruthy();
    expect(server.requestsTo(linksPath, 'POST')).toEqual([]);
  });

  it("shows the server's field errors on their fields", async () => {
    const { user, dialog } = await openDialog({
      create: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'body.description: too long; body.amountCents: too much',
            details: [
              { path: 'body.description', message: 'too long' },
              { path: 'body.amountCents', message: 'at most 10000000 ($100,000.00)' },
            ],
          },
        },
      },
    });

    await user.type(await within(dialog).findByRole('textbox', { name: 'Amount' }), '50');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Rent');
    await user.click(within(dialog).getByRole('button', { name: 'Send payment link' }));

    const description = within(dialog).getByRole('textbox', { name: 'Description' });
    await waitFor(() => expect(description.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Too long.')).toBeTruthy();
    expect(within(dialog).getByText('At most 10000000 ($100,000.00).')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('keeps the dialog open with the reason when the server refuses to send', async () => {
    const refusal = 'Jordan Prospect opted out of text messages.';
    const { user, dialog } = await openDialog({
      create: apiError(400, 'SEND_REFUSED', refusal),
    });

    await user.type(await within(dialog).findByRole('textbox', { name: 'Amount' }), '25');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Late fee');
    await user.click(within(dialog).getByRole('button', { name: 'Send payment link' }));

    expect((await within(dialog).findByRole('alert')).textContent).toContain(refusal);
    expect(screen.getByRole('dialog', { name: 'Request a payment' })).toBeTruthy();
    expect(
      (within(dialog).getByRole('textbox', { name: 'Description' }) as HTMLInputElement).value,
    ).toBe('Late fee');
  });

  it('asks for the links anew each time it opens: what was paid or sent since changes what is due', async () => {
    const { user, server, dialog, linksPath } = await openDialog();
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Request a payment' })).toBeNull(),
    );

    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Request payment' }));
    await screen.findByRole('dialog', { name: 'Request a payment' });
    await waitFor(() => expect(server.requestsTo(linksPath)).toHaveLength(2));
  });

  it('says why there is no form when the server has payment links off', async () => {
    const { dialog } = await openDialog({
      links: { enabled: false, amountDue: null, links: [] },
    });

    expect(
      await within(dialog).findByText(
        'Payments are off on this server. An admin must turn payments on in the server’s setup (see Payment links in the docs).',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('textbox', { name: 'Amount' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Send payment link' })).toBeNull();
  });

  it('lists recent links with their state, and a copy button for the ones still open', async () => {
    const now = Date.now();
    const { user, dialog } = await openDialog({
      links: {
        enabled: true,
        amountDue: null,
        links: [
          paymentLink({ description: 'January rent' }),
          paymentLink({
            description: 'Pet deposit',
            amountCents: 30000,
            openedAt: new Date(now - 10 * 60_000).toISOString(),
          }),
          paymentLink({ description: 'December rent', status: 'PAID' }),
          paymentLink({ description: 'Key fee', amountCents: 2500, status: 'EXPIRED' }),
        ],
      },
    });

    const list = await within(dialog).findByRole('region', { name: 'Recent links' });
    const items = within(list).getAllByRole('listitem');
    const item = (index: number) => within(items[index]!);
    expect(item(0).getByText('Active')).toBeTruthy();
    expect(item(0).getByText(/January rent/)).toBeTruthy();
    expect(item(0).getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(item(1).getByText('Opened')).toBeTruthy();
    expect(item(1).getByText('$300.00')).toBeTruthy();
    expect(item(1).getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(item(2).getByText('Paid')).toBeTruthy();
    expect(item(2).queryByRole('button', { name: 'Copy link' })).toBeNull();
    expect(item(3).getByText('Expired')).toBeTruthy();
    expect(item(3).queryByRole('button', { name: 'Copy link' })).toBeNull();

    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '1650');
    expect(
      within(dialog).getByText(/^Jordan already has an unpaid link for \$1,650\.00, sent /),
    ).toBeTruthy();
  });

  it('is not offered in a secure-access session', async () => {
    const lead = leadFixture();
    const linkToken = fakeJwt({ aud: LEAD_ACCESS_AUDIENCE, leadID: lead._id });
    const opens: SecureAccessLead = {
      leadID: lead._id,
      propertyID: lead.propertyID,
      pmsLeadId: lead.pmsLeadId,
      expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    };
    stubRoutes({
      [`GET ${apiPaths.secureAccessLead}`]: { body: opens },
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${apiPaths.lead(lead.propertyID, lead.pmsLeadId)}`]: { body: lead },
      [`POST /api/leads/${lead._id}/read`]: { status: 204 },
    });
    const path = `/secure-access?access_token=${linkToken}`;
    window.history.replaceState(null, '', path);
    const { user } = renderApp(path);
    await screen.findByRole('heading', { name: lead.name });

    await user.click(screen.getByRole('button', { name: 'More actions' }));
    expect(await screen.findByRole('menuitem', { name: 'By SMS' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Request payment' })).toBeNull();
  });
});

describe("'Request payment' while payments are off", () => {
  /** Opens the pane's more-menu as `me`, on a server whose payments are `payments`. */
  async function openMenu(me: User, payments: RemoteConfig['payments']) {
    const lead = leadFixture();
    startSession('token');
    stubTimelineLayout();
    stubRoutes({
      [`GET ${apiPaths.config}`]: {
        body: {
          sessionLimitMinutes: 720,
          minimumFetchIntervalMs: 3_600_000,
          payments,
          calls: 'twilio',
        },
      },
      [`GET ${apiPaths.me}`]: { body: me },
      [`GET ${apiPaths.lead(lead.propertyID, lead.pmsLeadId)}`]: { body: lead },
      [`POST /api/leads/${lead._id}/read`]: { status: 204 },
    });
    const { user } = renderApp(pagePath(lead));
    await screen.findByRole('heading', { name: lead.name });
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await screen.findByRole('menuitem', { name: 'By SMS' });
    return { user };
  }

  it.each(['off', 'unavailable'] as const)(
    'shows admins the item disabled, saying who turns payments on and where (%s)',
    async (payments) => {
      const { user } = await openMenu(demoUser, payments);

      const item = await screen.findByRole('menuitem', { name: /^Request payment/ });
      await waitFor(() => expect(item.getAttribute('data-disabled')).toBe('true'));
      const reason = document.getElementById(item.getAttribute('aria-describedby') ?? '');
      expect(reason?.textContent).toContain(
        'An admin must turn payments on in the server’s setup (see Payment links in the docs).',
      );
      expect(reason?.textContent).not.toMatch(/PAYMENT_HOST|STRIPE|SANDBOX/);
      await user.click(item);
      expect(screen.queryByRole('dialog', { name: 'Request a payment' })).toBeNull();
    },
  );

  it.each([
    ['an agent', agentUser],
    ['a manager', { ...agentUser, role: 'manager' } as User],
  ])('hides it from %s', async (_who, me) => {
    await openMenu(me, 'off');
    // The config is asked for with the pane: once it has said 'off', the item goes.
    await waitFor(() =>
      expect(screen.queryByRole('menuitem', { name: /Request payment/ })).toBeNull(),
    );
    expect(screen.getByRole('menuitem', { name: 'Share secure link' })).toBeTruthy();
  });

  it('offers it to an agent while payments are on', async () => {
    await openMenu(agentUser, 'on');
    const item = await screen.findByRole('menuitem', { name: 'Request payment' });
    expect(item.getAttribute('data-disabled')).toBeNull();
  });
});
