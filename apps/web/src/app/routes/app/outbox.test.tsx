import { apiPaths } from '@leasing/contract';
import type { OutboxEntry } from '../../../features/outbox/api/get-outbox';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import type { RouteAnswer } from '../../../testing/fake-server';
import { agentUser, demoUser, properties } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

function entry(overrides: Partial<OutboxEntry>): OutboxEntry {
  return {
    _id: 'outbox-1',
    eventID: 'event-1',
    leadID: null,
    channel: 'SMS',
    from: '+15125550000',
    to: '+15125550101',
    subject: null,
    body: 'Hello',
    mediaUrls: [],
    files: [],
    createdAt: '2026-11-22T15:05:00.000Z',
    invitation: null,
    ...overrides,
  };
}

const sms = entry({
  _id: 'sms-1',
  body: 'Cats are welcome.\nOne deposit for both.',
  mediaUrls: ['http://localhost:3000/media/abc123.png'],
  createdAt: '2026-11-22T16:30:00.000Z',
});
const email = entry({
  _id: 'email-1',
  channel: 'EMAIL',
  from: 'leasing@riverside.test',
  to: 'sofia@example.com',
  subject: 'Re: Your application',
  body: 'Thank you, Sofia.',
  files: [
    {
      url: '/media/f1e2d3c4b5a6.pdf',
      fileName: 'lease.pdf',
      contentType: 'application/pdf',
      size: 48_128,
    },
  ],
  createdAt: '2026-11-22T16:00:00.000Z',
});
const older = entry({ _id: 'sms-0', body: 'An older message', createdAt: '2026-11-20T10:00:00Z' });

function openOutbox(outbox: RouteAnswer, routes: Record<string, RouteAnswer> = {}) {
  startSession('token');
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.outbox}`]: outbox,
    ...routes,
  });
  return { ...renderApp('/main/outbox'), server };
}

describe('outbox page', () => {
  it('lists what the sandbox providers sent, newest first, and loads more', async () => {
    const { user, server } = openOutbox((request) => ({
      body:
        request.url.searchParams.get('cursor') === 'page-2'
          ? { items: [older], nextCursor: null }
          : { items: [sms, email], nextCursor: 'page-2' },
    }));

    expect(await screen.findByRole('heading', { name: 'Outbox' })).toBeTruthy();
    expect(
      screen.getByText(
        'Messages the sandbox providers would have sent. With Twilio and SMTP configured, messages leave for real and are not listed here.',
      ),
    ).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Sent messages' });
    const [first, second] = within(list).getAllByRole('listitem');

    const smsItem = within(first!);
    expect(smsItem.getByRole('img', { name: 'SMS' })).toBeTruthy();
    expect(smsItem.getByText('(512) 555-0101')).toBeTruthy();
    expect(smsItem.getByText('(512) 555-0000')).toBeTruthy();
    expect(smsItem.getByText(/Cats are welcome\.\s+One deposit for both\./)).toBeTruthy();
    const media = smsItem.getByRole('link', { name: 'Open abc123.png' });
    expect(media.getAttribute('href')).toBe('http://localhost:3000/media/abc123.png');
    expect(smsItem.getByText(/^Nov 22, 2026, \d{1,2}:30 (AM|PM)$/)).toBeTruthy();

    const emailItem = within(second!);
    expect(emailItem.getByRole('img', { name: 'Email' })).toBeTruthy();
    expect(emailItem.getByText('Re: Your application')).toBeTruthy();
    expect(emailItem.getByText('sofia@example.com')).toBeTruthy();
    expect(emailItem.getByText('leasing@riverside.test')).toBeTruthy();
    // What the email attached: its name and size, and a link that opens it.
    const file = emailItem.getByRole('link', { name: /^Download lease\.pdf · PDF · 47 KB$/ });
    expect(file.getAttribute('href')).toBe('/media/f1e2d3c4b5a6.pdf');
    expect(smsItem.queryByRole('link', { name: /^Download/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getByText('An older message')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('All 3 messages shown')).toBeTruthy();
    const cursors = server
      .requestsTo(apiPaths.outbox)
      .map((request) => request.url.searchParams.get('cursor'));
    expect(cursors).toEqual([null, 'page-2']);
  });

  it("shows an invitation email's link masked, and copies a fresh link for an admin", async () => {
    const invitationId = '5f0e7a3c-1d2b-4c5e-8f9a-0b1c2d3e4f5a';
    const freshLink = 'http://localhost:3000/account/accept-invite?token=fresh-token';
    const invitation = entry({
      _id: 'invite-1',
      eventID: null,
      channel: 'EMAIL',
      from: 'no-reply@localhost',
      to: 'nina@leasing.test',
      subject: 'Dana Agent invited you to Demo Leasing',
      body: 'Choose your password and sign in here:\n\nhttp://localhost:3000/account/accept-invite?token=••••••••\n',
      invitation: { _id: invitationId, status: 'pending' },
    });
    const accepted = entry({
      _id: 'invite-0',
      eventID: null,
      channel: 'EMAIL',
      to: 'old@leasing.test',
      body: 'http://localhost:3000/account/accept-invite?token=••••••••',
      invitation: { _id: 'another-invitation', status: 'accepted' },
    });
    const { user, server } = openOutbox(
      { body: { items: [invitation, accepted], nextCursor: null } },
      {
        [`POST ${apiPaths.teamInvitationLink(invitationId)}`]: {
          body: { link: freshLink, expiresAt: '2026-11-29T12:00:00.000Z' },
        },
      },
    );
    const list = await screen.findByRole('list', { name: 'Sent messages' });
    const [pendingItem, acceptedItem] = within(list).getAllByRole('listitem');
    expect(within(pendingItem!).getByText(/accept-invite\?token=••••••••/)).toBeTruthy();
    expect(
      within(pendingItem!).getByText(
        'The link is hidden here: only the person invited should hold it.',
      ),
    ).toBeTruthy();

    await user.click(within(pendingItem!).getByRole('button', { name: 'Copy invitation link' }));
    expect(
      await screen.findByText(
        'Invitation link for nina@leasing.test copied. The link in this email no longer works.',
      ),
    ).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(freshLink);
    expect(server.requestsTo(apiPaths.teamInvitationLink(invitationId), 'POST')).toHaveLength(1);

    // An accepted invitation gives no link, and says why.
    const closed = within(acceptedItem!).getByRole('button', { name: 'Copy invitation link' });
    expect(closed).toHaveProperty('disabled', true);
    const reason = document.getElementById(closed.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('This invitation was accepted.');
  });

  it('says when nothing was sent', async () => {
    openOutbox({ body: { items: [], nextCursor: null } });
    expect(await screen.findByText('Nothing sent yet')).toBeTruthy();
  });

  it('shows a skeleton while loading, and an error with Retry', async () => {
    let fail = true;
    const { user } = openOutbox(() =>
      fail
        ? apiError(400, 'BAD_REQUEST', 'cursor: not a cursor')
        : { body: { items: [sms], nextCursor: null } },
    );
    expect(await screen.findByRole('status', { name: 'Loading the outbox' })).toBeTruthy();

    expect(await screen.findByText('Could not load the outbox')).toBeTruthy();
    expect(screen.getByText('cursor: not a cursor')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/Cats are welcome/)).toBeTruthy();
  });

  it('is linked from the dashboard header and the user menu', async () => {
    startSession('token');
    stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${apiPaths.properties}`]: { body: properties },
      [`GET ${apiPaths.propertyLeads(properties[0]!._id)}`]: {
        body: { items: [], nextCursor: null },
      },
      [`GET ${apiPaths.outbox}`]: { body: { items: [], nextCursor: null } },
    });
    const { user, router } = renderApp('/main/dashboard');

    const headerLink = await screen.findByRole('link', { name: 'Outbox' });
    expect(headerLink.getAttribute('href')).toBe('/main/outbox');

    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    const menuItem = await screen.findByRole('menuitem', { name: 'Outbox' });
    await user.click(menuItem);
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/outbox'));
    expect(await screen.findByRole('heading', { name: 'Outbox' })).toBeTruthy();
  });

  it('is not shown to an agent: no link to it, and the page says why', async () => {
    startSession('token');
    const server = stubRoutes({
      [`GET ${apiPaths.me}`]: { body: agentUser },
      [`GET ${apiPaths.properties}`]: { body: properties },
      [`GET ${apiPaths.propertyLeads(properties[0]!._id)}`]: {
        body: { items: [], nextCursor: null },
      },
    });
    const { user, router } = renderApp('/main/dashboard');
    expect(await screen.findByRole('link', { name: 'Unmatched messages' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Outbox' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    expect(await screen.findByRole('menuitem', { name: 'Templates' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Outbox' })).toBeNull();

    await router.navigate('/main/outbox');
    expect(await screen.findByRole('heading', { name: 'User is not permitted' })).toBeTruthy();
    expect(server.requestsTo(apiPaths.outbox)).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Simulate reply' })).toBeNull();
  });

  it("simulates the lead's reply to a text, and shows a refusal in 'Oops'", async () => {
    const leadID = '7d1f1b2e-5c3a-4f7e-9a2b-1c0d3e4f5a6b';
    const simulated: unknown[] = [];
    let refuse = true;
    startSession('token');
    stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${apiPaths.outbox}`]: {
        body: {
          items: [
            { ...sms, leadID },
            { ...email, leadID },
          ],
          nextCursor: null,
        },
      },
      [`POST ${apiPaths.sandboxInboundSms}`]: (request) => {
        simulated.push(request.body);
        return refuse
          ? apiError(404, 'NOT_FOUND', 'Simulated replies exist only in the SMS sandbox.')
          : { body: { ...smsEventFor(leadID), body: 'Yes, Saturday works' } };
      },
    });
    const { user } = renderApp('/main/outbox');
    const list = await screen.findByRole('list', { name: 'Sent messages' });
    const [smsItem, emailItem] = within(list).getAllByRole('listitem');
    expect(within(emailItem!).queryByRole('button', { name: 'Simulate reply' })).toBeNull();

    await user.click(within(smsItem!).getByRole('button', { name: 'Simulate reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Simulate a reply' });
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect(send).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reply' }), 'Yes, Saturday works');
    await user.click(send);

    const oops = await screen.findByRole('dialog', { name: 'Oops' });
    expect(within(oops).getByText('Simulated replies exist only in the SMS sandbox.')).toBeTruthy();
    await user.click(within(oops).getByRole('button', { name: 'Ok' }));

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText("Reply received: it shows in the lead's conversation."),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Simulate a reply' })).toBeNull(),
    );
    expect(simulated).toEqual([
      { leadID, text: 'Yes, Saturday works' },
      { leadID, text: 'Yes, Saturday works' },
    ]);
  });
});

function smsEventFor(leadID: string) {
  return {
    _id: 'inbound-1',
    leadID,
    eventType: 'SMS',
    date: '2026-11-22T16:40:00.000Z',
    body: '',
    senderName: 'Jordan Prospect',
    senderType: 'LEAD',
    iconURL: null,
    subject: null,
    sendingStatus: null,
    attachmentsUrls: [],
    data: {},
    eventByUserName: null,
  };
}
