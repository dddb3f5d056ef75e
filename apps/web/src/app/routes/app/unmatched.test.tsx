import { apiPaths } from '@leasing/contract';
import type { UnmatchedMessage } from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import type { RouteAnswer } from '../../../testing/fake-server';
import { demoUser, properties } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

function unmatched(overrides: Partial<UnmatchedMessage>): UnmatchedMessage {
  return {
    _id: 'u-1',
    channel: 'SMS',
    from: '+15125550199',
    to: '+15125550000',
    subject: null,
    body: 'Is the studio still free?',
    attachmentsUrls: [],
    reason: 'No lead has this phone number.',
    receivedAt: '2026-11-22T16:30:00.000Z',
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

function openUnmatched(answer: RouteAnswer) {
  startSession('token');
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.unmatchedMessages}`]: answer,
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
    expect(sms.getByText('+15125550199')).toBeTruthy();
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

    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Unmatched messages' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/unmatched'));
    expect(await screen.findByRole('heading', { name: 'Unmatched messages' })).toBeTruthy();
  });
});
