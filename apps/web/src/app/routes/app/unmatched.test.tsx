import { apiPaths } from '@leasing/contract';
import type { UnmatchedMessage } from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import type { RouteAnswer } from '../../../testing/fake-server';
import { demoUser, properties } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { inboxItem } from '../../../features/inbox/testing/inbox-fixtures';

function unmatched(overrides: Partial<UnmatchedMessage>): UnmatchedMessage {
  return {
    _id: 'u-1',
    channel: 'SMS',
    from: '+15125550199',
    to: '+15125550000',
    subject: null,
    body: 'Is the studio still free?',
    attachmentsUrls: [],
    files: [],
    reason: 'No lead has this phone number.',
    optedOut: false,
    receivedAt: '2026-11-22T16:30:00.000Z',
    status: 'OPEN',
    resolvedAt: null,
    resolvedByName: null,
    lead: null,
    ...overrides,
  };
}

const text = unmatched({
  _id: 'sms-1',
  attachmentsUrls: [
    {
      url: '/media/in/photo.jpg',
      thumbnailUrl: '/media/in/photo-thumb.jpg',
      fileName: 'photo.jpg',
    },
  ],
});
const bounce = unmatched({
  _id: 'email-1',
  channel: 'EMAIL',
  from: 'mailer-daemon@mx.example',
  to: 'leasing@demo-leasing.test',
  subject: 'Undelivered Mail Returned to Sender',
  body: 'This is the mail system at host mx.example.',
  reason: 'A delivery report (bounce) for a message we have no record of sending.',
  receivedAt: '2026-11-22T15:00:00.000Z',
});
const older = unmatched({ _id: 'sms-0', body: 'Hello?', receivedAt: '2026-11-20T10:00:00Z' });

function openUnmatched(answer: RouteAnswer, routes: Record<string, RouteAnswer> = {}) {
  startSession('token');
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.unmatchedMessages}`]: answer,
    ...routes,
  });
  return { ...renderApp('/main/unmatched'), server };
}

describe('unmatched messages page', () => {
  it('lists what found no lead, newest first, with why, and loads more', async () => {
    const { user, server } = openUnmatched((request) => ({
      body:
        request.url.searchParams.get('cursor') === 'page-2'
          ? { items: [older], nextCursor: null }
          : { items: [text, bounce], nextCursor: 'page-2' },
    }));

    expect(await screen.findByRole('heading', { name: 'Unmatched messages' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Unmatched messages' });
    const [first, second] = within(list).getAllByRole('listitem');

    const sms = within(first!);
    expect(sms.getByRole('img', { name: 'SMS' })).toBeTruthy();
    expect(sms.getByText('(512) 555-0199')).toBeTruthy();
    expect(sms.getByText('Is the studio still free?')).toBeTruthy();
    expect(sms.getByText('No lead has this phone number.')).toBeTruthy();
    expect(sms.getByText(/^Nov 22, 2026, \d{1,2}:30 (AM|PM)$/)).toBeTruthy();
    const photo = sms.getByRole('link', { name: 'Open photo.jpg' });
    expect(photo.getAttribute('href')).toBe('/media/in/photo.jpg');
    expect(within(photo).getByRole('img').getAttribute('src')).toBe('/media/in/photo-thumb.jpg');

    const email = within(second!);
    expect(email.getByRole('img', { name: 'Email' })).toBeTruthy();
    expect(email.getByText('Undelivered Mail Returned to Sender')).toBeTruthy();
    expect(email.getByText(/no record of sending/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(screen.getByText('All 3 messages shown')).toBeTruthy();
    const cursors = server
      .requestsTo(apiPaths.unmatchedMessages)
      .map((request) => request.url.searchParams.get('cursor'));
    expect(cursors).toEqual([null, 'page-2']);
  });

  it('says when a text opted its number out, and says nothing of it on any other text', async () => {
    const stop = unmatched({ _id: 'sms-stop', body: 'please stop texting me', optedOut: true });
    openUnmatched({ body: { items: [stop, older], nextCursor: null } });
    const list = await screen.findByRole('list', { name: 'Unmatched messages' });
    const [optedOut, plain] = within(list).getAllByRole('listitem');
    expect(within(optedOut!).getByText('This number has opted out of texts.')).toBeTruthy();
    expect(within(plain!).getByText('Hello?')).toBeTruthy();
    expect(within(plain!).queryByText('This number has opted out of texts.')).toBeNull();
  });

  it('says when every message found its lead', async () => {
    openUnmatched({ body: { items: [], nextCursor: null } });
    expect(
      await screen.findByText('No unmatched messages — every text and email found its lead.'),
    ).toBeTruthy();
  });

  it('shows a skeleton while loading, and an error with Retry', async () => {
    let fail = true;
    const { user } = openUnmatched(() =>
      fail
        ? apiError(400, 'BAD_REQUEST', 'cursor: not a cursor')
        : { body: { items: [text], nextCursor: null } },
    );
    expect(await screen.findByRole('status', { name: 'Loading unmatched messages' })).toBeTruthy();
    expect(await screen.findByText('Could not load unmatched messages')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Is the studio still free?')).toBeTruthy();
  });

  it('is linked next to the outbox, from the dashboard and the user menu', async () => {
    startSession('token');
    stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${apiPaths.properties}`]: { body: properties },
      [`GET ${apiPaths.propertyLeads(properties[0]!._id)}`]: {
        body: { items: [], nextCursor: null },
      },
      [`GET ${apiPaths.unmatchedMessages}`]: { body: { items: [], nextCursor: null } },
    });
    const { user, router } = renderApp('/main/dashboard');

    const headerLink = await screen.findByRole('link', { name: 'Unmatched messages' });
    expect(headerLink.getAttribute('href')).toBe('/main/unmatched');

    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Unmatched messages' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/unmatched'));
    expect(await screen.findByRole('heading', { name: 'Unmatched messages' })).toBeTruthy();
  });

  it("moves a message to the lead found by search, and files it under 'Done'", async () => {
    const ava = inboxItem({
      _id: '7b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d',
      name: 'Ava Thompson',
      propertyName: 'Maple Court',
    });
    let moved = false;
    const { user, server } = openUnmatched(
      (request) => ({
        body:
          request.url.searchParams.get('status') === 'done'
            ? {
                items: moved
                  ? [
                      {
                        ...text,
                        status: 'ASSIGNED',
                        resolvedAt: '2026-11-23T10:00:00.000Z',
                        resolvedByName: 'Dana Agent',
                        lead: {
                          _id: ava._id,
                          name: 'Ava Thompson',
                          propertyID: 'p-1',
                          pmsLeadId: 'L-9',
                        },
                      },
                    ]
                  : [],
                nextCursor: null,
              }
            : { items: moved ? [] : [text], nextCursor: null },
      }),
      {
        [`GET ${apiPaths.inbox}`]: (request) => ({
          body: {
            items: request.url.searchParams.get('search') === 'ava' ? [ava] : [],
            nextCursor: null,
          },
        }),
        [`POST ${apiPaths.unmatchedAssign(text._id)}`]: () => {
          moved = true;
          return { body: { ...text, status: 'ASSIGNED' } };
        },
      },
    );

    const item = within(await screen.findByRole('listitem'));
    await user.click(item.getByRole('button', { name: 'Move to lead' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Move to lead' }));
    const move = dialog.getByRole('button', { name: 'Move' });
    expect(move).toHaveProperty('disabled', true);
    expect(dialog.getByText('Choose a lead first')).toBeTruthy();
    await user.type(dialog.getByRole('textbox', { name: 'Find the lead' }), 'ava');
    await user.click(await dialog.findByRole('radio', { name: 'Ava Thompson' }));
    await user.click(move);

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Move to lead' })).toBeNull());
    expect(server.requestsTo(apiPaths.unmatchedAssign(text._id), 'POST')[0]?.body).toEqual({
      leadId: '7b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d',
    });
    expect(
      await screen.findByText('No unmatched messages — every text and email found its lead.'),
    ).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Done' }));
    const done = within(await screen.findByRole('listitem'));
    expect(done.getByText(/Moved to/)).toBeTruthy();
    expect(done.getByRole('link', { name: 'Ava Thompson' }).getAttribute('href')).toContain('L-9');
    expect(done.queryByRole('button', { name: 'Move to lead' })).toBeNull();
  });

  it('dismisses a message, and says so when someone else was first', async () => {
    let calls = 0;
    const { user } = openUnmatched(
      { body: { items: [text], nextCursor: null } },
      {
        [`POST ${apiPaths.unmatchedDismiss(text._id)}`]: () => {
          calls += 1;
          return apiError(409, 'ALREADY_RESOLVED', 'Priya Shah already dismissed this message.');
        },
      },
    );
    const item = within(await screen.findByRole('listitem'));
    await user.click(item.getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Priya Shah already dismissed this message.')).toBeTruthy();
    expect(calls).toBe(1);
  });

  it('shows a count of open messages in the header', async () => {
    startSession('token');
    stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${apiPaths.unmatchedCount}`]: { body: { open: 3 } },
      [`GET ${apiPaths.unmatchedMessages}`]: { body: { items: [text], nextCursor: null } },
    });
    renderApp('/main/unmatched');
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    const link = await nav.findByRole('link', { name: /Unmatched/ });
    expect(link.textContent).toContain('3');
    expect(link.getAttribute('href')).toBe('/main/unmatched');
  });
});
