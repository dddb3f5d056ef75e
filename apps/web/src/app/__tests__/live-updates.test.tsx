import { apiPaths, LIVE_SEQUENCE_HEADER, socketEvents } from '@leasing/contract';
import type { ConversationEvent, Lead, LeadSummary } from '@leasing/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lastReadsJudgement } from '../../lib/live-sequence';
import { queryClient } from '../../lib/query-client';
import { startSession } from '../../lib/storage';
import { stubRoutes } from '../../testing/fake-server';
import type { RouteAnswer } from '../../testing/fake-server';
import { stubLiveServer } from '../../testing/fake-socket';
import {
  conversationEvent,
  demoUser,
  lead as leadFixture,
  leadSummary,
  properties,
} from '../../testing/fixtures';
import { inboxItem } from '../../features/inbox/testing/inbox-fixtures';
import { stubInboxLayout } from '../../features/inbox/testing/stub-inbox-layout';
import { renderApp } from '../../testing/render-app';
import { stubTimelineLayout } from '../../testing/stub-layout';

const minute = (n: number) => new Date(Date.UTC(2026, 10, 22, 15, n)).toISOString();

function summaryOf(lead: Lead, overrides: Partial<LeadSummary> = {}): LeadSummary {
  return leadSummary({
    _id: lead._id,
    pmsLeadId: lead.pmsLeadId,
    propertyID: lead.propertyID,
    name: lead.name,
    phone: lead.phone,
    email: lead.email,
    phoneOptStatus: lead.phoneOptStatus,
    emailOptStatus: lead.emailOptStatus,
    emailBouncedAt: lead.emailBouncedAt,
    officeDecisionStatus: lead.officeDecisionState?.status ?? null,
    tourDateUTC: lead.tourDateUTC,
    ...overrides,
  });
}

function inbound(overrides: Partial<ConversationEvent>): ConversationEvent {
  return conversationEvent({ senderType: 'LEAD', senderName: 'Jordan Prospect', ...overrides });
}

const row = (id: string) => document.querySelector<HTMLElement>(`[data-event-id="${id}"]`);

/** The pane of `lead`, with the live server playing along; `answer` serves the lead's loads. */
async function openPane(
  lead: Lead,
  answer: RouteAnswer = { body: lead },
  viewportHeight?: number,
  liveSequence = 0,
) {
  startSession('token');
  stubTimelineLayout(viewportHeight ? { viewportHeight } : undefined);
  const live = stubLiveServer(demoUser, { liveSequence });
  const leadPath = apiPaths.lead(lead.propertyID, lead.pmsLeadId);
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${leadPath}`]: answer,
  });
  const rendered = renderApp(
    `/properties/${lead.propertyID}/leads/${encodeURIComponent(lead.pmsLeadId)}/escalation`,
  );
  await screen.findByRole('heading', { name: lead.name });
  await live.connected();
  // The first connection judges what was loaded before it; let that settle.
  await vi.waitFor(() => expect(lastReadsJudgement()).not.toBeNull());
  const current = await lastReadsJudgement();
  await waitFor(() => expect(server.requestsTo(leadPath)).toHaveLength(current ? 1 : 2));
  return { ...rendered, live, server, leadPath, current };
}

describe('live updates', () => {
  afterEach(() => {
    vi.useRealTimers();
    onlineManager.setOnline(true);
  });

  it('loads nothing again on the first connection when the lead was read at the sequence it connected at', async () => {
    const lead = leadFixture();
    const { current, server, leadPath } = await openPane(
      lead,
      { body: lead, headers: { [LIVE_SEQUENCE_HEADER]: '3' } },
      undefined,
      3,
    );
    expect(current).toBe(true);
    expect(server.requestsTo(leadPath)).toHaveLength(1);
  });

  it('loads the lead again when something was broadcast between its read and the connection', async () => {
    const lead = leadFixture();
    const { current, server, leadPath } = await openPane(
      lead,
      { body: lead, headers: { [LIVE_SEQUENCE_HEADER]: '3' } },
      undefined,
      4,
    );
    expect(current).toBe(false);
    expect(server.requestsTo(leadPath)).toHaveLength(2);
  });

  it('loads the lead again when the server could not tell its sequence', async () => {
    const lead = leadFixture();
    const { current, server, leadPath } = await openPane(
      lead,
      { body: lead, headers: { [LIVE_SEQUENCE_HEADER]: 'unknown' } },
      undefined,
      3,
    );
    expect(current).toBe(false);
    expect(server.requestsTo(leadPath)).toHaveLength(2);
  });

  it('asks for an announced event with the user id and shows it once, however often it comes', async () => {
    const lead = leadFixture({
      conversations: [inbound({ _id: 'ok-1', body: 'ok', date: minute(1) })],
    });
    const { live } = await openPane(lead);
    const ok = inbound({ _id: 'ok-2', body: 'ok', date: minute(2) });

    live.publish([ok], summaryOf(lead));
    await waitFor(() => expect(row('ok-2')).toBeTruthy());
    const [request] = live.socket.sentAs(socketEvents.getNewConversation)[0] as [unknown];
    expect(request).toEqual({ eventID: 'ok-2', userID: demoUser._id, time: expect.any(Number) });

    live.publish([ok, ok], summaryOf(lead));
    await waitFor(() =>
      expect(live.socket.sentAs(socketEvents.getNewConversation)).toHaveLength(3),
    );
    // A lead's second "ok" is a message of its own; the same event delivered again is not.
    expect(document.querySelectorAll('[data-event-id="ok-2"]')).toHaveLength(1);
    expect(row('ok-1')).toBeTruthy();
  });

  it('locks the composer with the opted-out text when the lead texts STOP, and shows the reply', async () => {
    const lead = leadFixture({ email: null, emailOptStatus: 'NO_INDICATION', conversations: [] });
    const { live } = await openPane(lead);
    const composer = await screen.findByRole('form', { name: 'Message composer' });
    expect(within(composer).getByPlaceholderText('Send a message to the lead')).toBeTruthy();

    const stop = inbound({
      _id: 'stop',
      body: 'STOP',
      date: minute(3),
      data: { optStatusChange: { channel: 'phone', status: 'OPT_OUT' } },
    });
    const confirmation = conversationEvent({
      _id: 'confirmation',
      senderType: 'SYSTEM',
      senderName: null,
      body: 'You have been unsubscribed. Reply START to resubscribe.',
      sendingStatus: 'PENDING',
      date: minute(4),
    });
    live.publish([stop, confirmation], summaryOf(lead, { phoneOptStatus: 'OPT_OUT' }));

    expect(await screen.findByText("Can't send message - prospect is opted-out")).toBeTruthy();
    expect(within(row('stop')!).getByText('Opted out of texts')).toBeTruthy();
    expect(within(row('confirmation')!).getByText('Automatic reply')).toBeTruthy();
    expect(screen.getByText('SMS: Opted out')).toBeTruthy();
  });

  it('shows a translation when it is ready, and a bounce on the lead', async () => {
    const spanish = inbound({ _id: 'es', body: 'Hola, ¿hay estacionamiento?', date: minute(1) });
    const lead = leadFixture({ conversations: [spanish] });
    const { live } = await openPane(lead);

    live.translate({
      individualID: lead._id,
      messageID: 'es',
      translationData: { body: { textInEnglish: 'Hi, is there parking?', hash: 'h' } },
    });
    expect(await within(row('es')!).findByText('Hi, is there parking?')).toBeTruthy();

    const bounce = conversationEvent({
      _id: 'bounce',
      eventType: 'EMAIL',
      senderType: 'SYSTEM',
      senderName: 'Mail delivery system',
      body: 'The email could not be delivered.',
      date: minute(5),
      data: {
        autoSubmitted: true,
        bounce: {
          recipient: 'jordan@example.com',
          action: 'failed',
          status: '5.1.1',
          diagnostic: '550 5.1.1 User unknown',
        },
      },
    });
    live.publish([bounce], summaryOf(lead, { emailBouncedAt: minute(5) }));
    expect(
      await screen.findByText('Email to jordan@example.com bounced: 550 5.1.1 User unknown'),
    ).toBeTruthy();
    expect(screen.getAllByText('Email bounced').length).toBeGreaterThan(0);
  });

  it('reloads the lead when its office decision changed elsewhere', async () => {
    const lead = leadFixture();
    const completed: Lead = {
      ...lead,
      officeDecisionState: {
        status: 'COMPLETED',
        completedAt: minute(9),
        completedByUserName: 'Marcus',
        outcome: null,
      },
    };
    let loads = 0;
    const { live } = await openPane(lead, () => {
      loads += 1;
      return { body: loads <= 1 ? lead : completed };
    });
    expect(screen.getByText('Decision open')).toBeTruthy();

    const done = conversationEvent({
      _id: 'done',
      eventType: 'OFFICE_DECISION',
      senderType: 'SYSTEM',
      body: 'Decision marked as completed',
      date: minute(9),
      data: { status: 'COMPLETED' },
    });
    live.publish([done], summaryOf(lead, { officeDecisionStatus: 'COMPLETED' }));
    // Loaded once when opened (the first connection found it current), again for the change.
    await waitFor(() => expect(loads).toBe(2));
    await waitFor(() => expect(screen.queryByText('Decision open')).toBeNull());
  });

  it('after a reconnect, loads what was missed and offers to show it', async () => {
    const history = Array.from({ length: 3 }, (_, index) =>
      inbound({ _id: `h${index}`, body: `Earlier ${index}`, date: minute(index) }),
    ).reverse();
    const missed = [
      inbound({ _id: 'm2', body: 'Second while away', date: minute(31) }),
      inbound({ _id: 'm1', body: 'First while away', date: minute(30) }),
    ];
    let current = leadFixture({ conversations: history });
    const { live, server, leadPath, user } = await openPane(
      current,
      () => ({ body: current }),
      300,
    );

    live.socket.drop();
    current = { ...current, conversations: [...missed, ...history] };
    live.socket.connect();

    // Loaded when opened, and again by the reconnect.
    await waitFor(() => expect(server.requestsTo(leadPath)).toHaveLength(2));
    await waitFor(() => expect(row('m1')).toBeTruthy());
    const pill = await screen.findByRole('button', { name: '2 new events' });
    expect(row('m1')).toBeTruthy();
    expect(document.querySelectorAll('[data-event-id="m2"]')).toHaveLength(1);

    await user.click(pill);
    expect(screen.queryByRole('button', { name: /new event/ })).toBeNull();

    // Scrolling down to the newest event does the same.
    live.socket.drop();
    current = {
      ...current,
      conversations: [inbound({ _id: 'm3', date: minute(32) }), ...current.conversations],
    };
    live.socket.connect();
    await screen.findByRole('button', { name: '1 new event' });
    fireEvent.scroll(screen.getByRole('region', { name: 'Conversation timeline' }));
    expect(screen.queryByRole('button', { name: /new event/ })).toBeNull();
  });

  it('counts what was missed when the browser is back online before the socket is', async () => {
    const history = Array.from({ length: 3 }, (_, index) =>
      inbound({ _id: `h${index}`, body: `Earlier ${index}`, date: minute(index) }),
    ).reverse();
    let current = leadFixture({ conversations: history });
    const { live, server, leadPath } = await openPane(current, () => ({ body: current }), 300);

    // The lid closes for longer than the lead stays fresh (30 s); texts arrive meanwhile.
    onlineManager.setOnline(false);
    live.socket.drop();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    current = {
      ...current,
      conversations: [
        inbound({ _id: 'm2', body: 'Second while away', date: minute(31) }),
        inbound({ _id: 'm1', body: 'First while away', date: minute(30) }),
        ...history,
      ],
    };
    // The browser says it is online a while before the socket is back: the lead waits for the
    // socket's reload, which counts what it brings.
    onlineManager.setOnline(true);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    live.socket.connect();

    await screen.findByRole('button', { name: '2 new events' });
    expect(server.requestsTo(leadPath)).toHaveLength(2);
  });

  it("says 'Reconnecting…' in the header while the socket is down for more than 2 s", async () => {
    const lead = leadFixture();
    const { live } = await openPane(lead);

    live.socket.drop();
    expect(screen.queryByText('Reconnecting…')).toBeNull();
    const indicator = await screen.findByText('Reconnecting…', {}, { timeout: 4000 });
    expect(indicator.closest('header')).toBeTruthy();

    live.socket.connect();
    await waitFor(() => expect(screen.queryByText('Reconnecting…')).toBeNull());
  });

  it('moves a lead with a new message to the top of the inbox, unread, and adds a new lead', async () => {
    startSession('token');
    stubInboxLayout();
    const live = stubLiveServer(demoUser);
    const first = inboxItem({
      _id: 'a',
      pmsLeadId: 'A',
      name: 'Avery First',
      lastActivityAt: minute(50),
    });
    const second = inboxItem({
      _id: 'b',
      pmsLeadId: 'B',
      name: 'Blake Second',
      lastActivityAt: minute(40),
      lastMessageAt: minute(40),
    });
    let serverItems = [first, second];
    stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${apiPaths.properties}`]: { body: properties },
      [`GET ${apiPaths.inbox}`]: () => ({ body: { items: serverItems, nextCursor: null } }),
    });
    renderApp('/main/dashboard');
    await screen.findByRole('link', { name: /^Avery First\b/ });
    await live.connected();

    const names = () =>
      within(screen.getByRole('list', { name: 'Leads' }))
        .getAllByRole('link')
        .map((link) => link.getAttribute('data-lead-name'));
    const text = inbound({ _id: 'new-text', leadID: 'b', date: minute(60), body: 'Still free?' });
    live.publish([text], { ...second, lastActivityAt: minute(60), phoneOptStatus: 'OPT_OUT' });
    await waitFor(() => expect(names()).toEqual(['Blake Second', 'Avery First']));
    const blake = screen.getByRole('link', { name: /^Blake Second\b/ });
    expect(blake.hasAttribute('data-unread')).toBe(true);
    expect(within(blake).getByText('Still free?')).toBeTruthy();
    expect(within(blake).getByText('SMS opt-out')).toBeTruthy();
    // She texted after opting out of texts: no reply is owed, so no waiting light.
    expect(within(blake).queryByText(/^Needs reply · /)).toBeNull();
    expect(within(blake).queryByText('Needs reply')).toBeNull();
    // Avery can hear back: her new text lights her row as waiting at once.
    const again = inbound({ _id: 'avery-text', leadID: 'a', date: minute(61), body: 'Parking?' });
    live.publish([again], { ...first, lastActivityAt: minute(61) });
    await waitFor(() =>
      expect(
        within(screen.getByRole('link', { name: /^Avery First\b/ })).getByText(/^Needs reply · /),
      ).toBeTruthy(),
    );

    // A lead the list has not loaded: only the server can give its row.
    const newcomer = inboxItem({
      _id: 'c',
      pmsLeadId: 'C',
      name: 'Casey New',
      lastActivityAt: minute(70),
    });
    serverItems = [newcomer, { ...second, lastActivityAt: minute(60) }, first];
    live.publish([inbound({ _id: 'hello', leadID: 'c', date: minute(70) })], newcomer);
    await waitFor(() => expect(names()).toEqual(['Casey New', 'Blake Second', 'Avery First']));
  });
});
