import { apiPaths, socketEvents } from '@leasing/contract';
import type { Notification, NotificationPage } from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSession, storageKeys } from '../../../lib/storage';
import { stubRoutes } from '../../../testing/fake-server';
import type { RouteAnswer } from '../../../testing/fake-server';
import { stubSocketServer } from '../../../testing/fake-socket';
import { demoUser, properties } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const maple = properties[0]!;

function notification(overrides: Partial<Notification> = {}): Notification {
  return {
    _id: 'n-1',
    kind: 'assigned',
    title: 'Dana Whitfield assigned you Jordan Prospect',
    body: null,
    lead: { _id: 'l-1', name: 'Jordan Prospect', propertyID: maple._id, pmsLeadId: 'L-1' },
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    readAt: null,
    ...overrides,
  };
}

const three: Notification[] = [
  notification(),
  notification({
    _id: 'n-2',
    kind: 'lead_wrote',
    title: 'Casey Renter wrote: Is parking included?',
    lead: { _id: 'l-2', name: 'Casey Renter', propertyID: maple._id, pmsLeadId: 'L-2' },
  }),
  notification({ _id: 'n-3', kind: 'follow_up_due', title: 'Follow-up due: Jordan Prospect' }),
  notification({ _id: 'n-4', title: 'Read already', readAt: new Date().toISOString() }),
];

function stubBell(page: NotificationPage, extra: Record<string, RouteAnswer> = {}) {
  startSession('token');
  return stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.outbox}`]: { body: { items: [], nextCursor: null } },
    [`GET ${apiPaths.notifications}`]: { body: page },
    ...extra,
  });
}

describe('the notification bell', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the unread count on the bell and in the tab title', async () => {
    stubBell({ items: three, nextCursor: null, unreadCount: 3 });
    renderApp('/main/outbox');
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('(3) Leasing console'));
  });

  it('lists the notifications; opening one opens its lead and marks it read', async () => {
    const server = stubBell(
      { items: three, nextCursor: null, unreadCount: 3 },
      { [`POST ${apiPaths.notificationsRead}`]: { body: { unreadCount: 2 } } },
    );
    const { user, router } = renderApp('/main/outbox');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    // jsdom lays nothing out: the popover's positioning soon hides it, so read it whether shown or not.
    const list = await screen.findByRole('list', { name: 'Notifications list', hidden: true });
    // Each is named by what it shows (its line, the lead, the time), 'Unread:' first while unread.
    const items = within(list).getAllByRole('button', { hidden: true });
    const named = (name: RegExp) => within(list).getByRole('button', { name, hidden: true });
    expect([
      named(/^Unread: Dana Whitfield assigned you Jordan Prospect Jordan Prospect · 5 min ago$/),
      named(/^Unread: Casey Renter wrote: Is parking included\? Casey Renter · 5 min ago$/),
      named(/^Unread: Follow-up due: Jordan Prospect Jordan Prospect · 5 min ago$/),
      named(/^Read already Jordan Prospect · 5 min ago$/),
    ]).toEqual(items);
    expect(within(list).getAllByText(/5 min ago/)).toHaveLength(4);

    await user.click(
      within(list).getByRole('button', { name: /Casey Renter wrote/, hidden: true }),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/properties/${maple._id}/leads/L-2/escalation`),
    );
    expect(server.requestsTo(apiPaths.notificationsRead, 'POST').map((r) => r.body)).toEqual([
      { ids: ['n-2'] },
    ]);
  });

  it('marks all read: the count leaves the bell and the title', async () => {
    let unread = 2;
    const server = stubBell(
      { items: three.slice(0, 2), nextCursor: null, unreadCount: 2 },
      {
        [`GET ${apiPaths.notifications}`]: () => ({
          body: {
            items: three
              .slice(0, 2)
              .map((item) => (unread ? item : { ...item, readAt: new Date().toISOString() })),
            nextCursor: null,
            unreadCount: unread,
          },
        }),
        [`POST ${apiPaths.notificationsReadAll}`]: () => {
          unread = 0;
          return { body: { unreadCount: 0 } };
        },
      },
    );
    const { user } = renderApp('/main/outbox');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all read', hidden: true }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Leasing console'));
    expect(server.requestsTo(apiPaths.notificationsReadAll, 'POST')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Mark all read', hidden: true })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it("says you're all caught up when there is nothing", async () => {
    stubBell({ items: [], nextCursor: null, unreadCount: 0 });
    const { user } = renderApp('/main/outbox');
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText("You're all caught up")).toBeTruthy();
  });

  it('counts a notification pushed over the socket once, and shows it on the desktop while the tab is hidden', async () => {
    const shown: { title: string; options: NotificationOptions }[] = [];
    vi.stubGlobal(
      'Notification',
      Object.assign(
        function FakeNotification(this: object, title: string, options: NotificationOptions) {
          shown.push({ title, options });
        },
        { permission: 'granted', requestPermission: vi.fn() },
      ),
    );
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const live = stubSocketServer();
    stubBell({ items: [], nextCursor: null, unreadCount: 0 });
    renderApp('/main/outbox');
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
    await waitFor(() => expect(live.socket.connected).toBe(true));

    const pushed = notification({ _id: 'n-9', title: 'Jordan Prospect wrote: Hi!' });
    live.socket.serverEmit(socketEvents.notification(demoUser._id), pushed);
    live.socket.serverEmit(socketEvents.notification(demoUser._id), pushed);
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('(1) Leasing console'));
    expect(shown).toEqual([
      { title: 'Jordan Prospect wrote: Hi!', options: { body: 'Jordan Prospect', tag: 'n-9' } },
    ]);
    visibility.mockRestore();
  });

  it('asks for desktop notifications only when asked to, and remembers a refusal', async () => {
    const requestPermission = vi.fn(() => Promise.resolve('denied' as const));
    vi.stubGlobal(
      'Notification',
      Object.assign(function () {}, { permission: 'default', requestPermission }),
    );
    stubBell({ items: [], nextCursor: null, unreadCount: 0 });
    const { user } = renderApp('/main/outbox');
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(requestPermission).not.toHaveBeenCalled();
    await user.click(
      await screen.findByRole('button', { name: 'Get desktop notifications', hidden: true }),
    );
    expect(requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Get desktop notifications', hidden: true }),
      ).toBeNull(),
    );
    expect(localStorage.getItem(storageKeys.desktopNotificationsRefused)).toBe('true');
  });
});
