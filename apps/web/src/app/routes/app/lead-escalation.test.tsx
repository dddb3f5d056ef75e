import { apiPaths } from '@leasing/contract';
import type { OfficeDecisionResponse } from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { startSession } from '../../../lib/storage';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import type { FakeResponse } from '../../../testing/fake-server';
import { agentUser, conversationEvent, demoUser, lead } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { stubTimelineLayout } from '../../../testing/stub-layout';
import { pinViewerTimeZone } from '../../../lib/viewer-time-zone';

// The viewer is in New York; the lead's property is in Chicago.
beforeEach(() => pinViewerTimeZone('America/New_York'));

const theLead = lead();
const leadApiPath = apiPaths.lead(theLead.propertyID, theLead.pmsLeadId);
const leadPagePath = `/properties/${theLead.propertyID}/leads/${encodeURIComponent(theLead.pmsLeadId)}/escalation`;

describe('lead escalation page', () => {
  it('shows who the lead is, how to reach them and the conversation info', async () => {
    startSession('token');
    stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${leadApiPath}`]: { body: theLead },
    });
    renderApp(leadPagePath);

    expect(await screen.findByRole('heading', { name: 'Jordan Prospect' })).toBeTruthy();
    expect(screen.getByText('Maple Court')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe(
      `/main/dashboard?property=${theLead.propertyID}`,
    );
    expect(screen.getByText('+1 555 0100')).toBeTruthy();
    expect(screen.getByText('SMS: Opted in')).toBeTruthy();
    expect(screen.getByText('Email: Opted out')).toBeTruthy();

    expect(screen.getByRole('tab', { name: 'Conversation info' })).toBeTruthy();
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('Jordan Prospect')).toBeTruthy();
    expect(within(panel).getByText('Scheduled tour')).toBeTruthy();
    expect(within(panel).getByText('Nov 24, 2026, 12:30 PM Central')).toBeTruthy();
  });

  it('puts the keyboard in the message box when the lead opens', async () => {
    startSession('token');
    stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${leadApiPath}`]: { body: theLead },
    });
    renderApp(leadPagePath);

    const message = await screen.findByPlaceholderText('Send a message to the lead');
    await waitFor(() => expect(document.activeElement).toBe(message));
  });

  it('reloads the lead when the same URL is opened again', async () => {
    startSession('token');
    const server = stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${leadApiPath}`]: { body: theLead },
    });
    const { router } = renderApp(leadPagePath);
    await screen.findByRole('heading', { name: 'Jordan Prospect' });
    expect(server.requestsTo(leadApiPath)).toHaveLength(1);

    await router.navigate(leadPagePath);

    await waitFor(() => expect(server.requestsTo(leadApiPath)).toHaveLength(2));
  });

  const UNAVAILABLE = 'This lead does not exist or belongs to another company';

  it.each([
    ['404', apiError(404, 'NOT_FOUND', 'Lead not found.')],
    ['403', apiError(403, 'FORBIDDEN', 'User is not permitted')],
  ])(
    "shows one message with the way back for another company's lead (the server answers %s)",
    async (_status, answer) => {
      startSession('token');
      const server = stubRoutes({
        [`GET ${apiPaths.me}`]: { body: demoUser },
        [`POST ${apiPaths.refresh}`]: { body: { token: 'new-token' } },
        [`GET ${leadApiPath}`]: answer,
        // The queue it would sit in is another company's property: unknown to this one.
        [`GET ${apiPaths.inbox}`]: apiError(404, 'NOT_FOUND', 'Property not found.'),
      });
      const { user, router } = renderApp(leadPagePath);

      expect(await screen.findByText(UNAVAILABLE)).toBeTruthy();
      // Let every refused request settle before counting what is on screen.
      await waitFor(() =>
        expect(server.requestsTo(leadApiPath).length).toBe(answer.status === 403 ? 2 : 1),
      );
      const pageAlerts = screen
        .getAllByRole('alert')
        .filter((alert) => !alert.closest('.mantine-Notification-root'));
      expect(pageAlerts).toHaveLength(1);
      expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
      expect(screen.queryByRole('group', { name: 'Inbox queue' })).toBeNull();
      // The spec's 403 toast, once, with Close; a lead that is not there needs none.
      const toasts = () => document.querySelectorAll('.mantine-Notification-root');
      if (answer.status === 403) {
        await waitFor(() => expect(toasts()).toHaveLength(1));
        expect(toasts()[0]!.textContent).toContain('User is not permitted');
        await user.click(screen.getByRole('button', { name: 'Close' }));
        await waitFor(() => expect(toasts()).toHaveLength(0));
      } else {
        expect(toasts()).toHaveLength(0);
      }

      await user.click(screen.getByRole('link', { name: 'Back to dashboard' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/main/dashboard'));
      // The plain dashboard, not one scoped to the property in the link.
      expect(router.state.location.search).toBe('');
    },
  );

  it('still offers Retry when the lead could not be loaded for another reason', async () => {
    startSession('token');
    stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${leadApiPath}`]: apiError(400, 'BAD_REQUEST', 'Something is off'),
    });
    renderApp(leadPagePath);
    expect(await screen.findByText('Could not load this lead')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByText(UNAVAILABLE)).toBeNull();
  });

  it('says when the link does not name a valid lead', async () => {
    startSession('token');
    stubRoutes({ [`GET ${apiPaths.me}`]: { body: demoUser } });
    renderApp('/properties/not-a-uuid/leads/L-1/escalation');

    expect(await screen.findByText('This lead link is not valid')).toBeTruthy();
  });

  it("shows 'Processing...' while the lead loads", async () => {
    startSession('token');
    let answer: (response: FakeResponse) => void = () => {};
    stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${leadApiPath}`]: () => new Promise<FakeResponse>((resolve) => (answer = resolve)),
    });
    renderApp(leadPagePath);

    expect(await screen.findByText('Processing...')).toBeTruthy();
    answer({ body: theLead });
    await screen.findByRole('heading', { name: 'Jordan Prospect' });
    await waitFor(() => expect(screen.queryByText('Processing...')).toBeNull());
  });

  it('lays out the pane: info tab, CONVERSATIONS and the composer below the timeline', async () => {
    startSession('token');
    stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${leadApiPath}`]: { body: theLead },
    });
    renderApp(leadPagePath);

    await screen.findByRole('heading', { name: 'Jordan Prospect' });
    expect(screen.getByText('CONVERSATIONS')).toBeTruthy();
    const conversations = screen.getByRole('region', { name: 'Conversations' });
    const slot = within(conversations).getByTestId('composer-slot');
    const composer = within(slot).getByRole('form', { name: 'Message composer' });
    expect(within(composer).getByPlaceholderText('Send a message to the lead')).toBeTruthy();
    expect(within(composer).getByRole('button', { name: 'SMS' })).toBeTruthy();
    expect(within(composer).getByRole('button', { name: 'Email' })).toBeTruthy();
    expect(within(composer).getByRole('button', { name: 'Attach images' })).toBeTruthy();
    expect(within(composer).getByRole('button', { name: 'Insert emoji' })).toBeTruthy();
    expect(within(composer).getByRole('button', { name: 'Send' })).toBeTruthy();
  });

  it('hides the tour time in the expanded pane and offers full screen', async () => {
    startSession('token');
    stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${leadApiPath}`]: { body: theLead },
    });
    // jsdom has no Fullscreen API: this one grants every request.
    const fullscreenRequests: HTMLElement[] = [];
    Object.defineProperty(document, 'fullscreenElement', {
      configurable: true,
      get: () => fullscreenRequests.at(-1) ?? null,
    });
    HTMLElement.prototype.requestFullscreen = function (this: HTMLElement) {
      fullscreenRequests.push(this);
      this.dispatchEvent(new Event('fullscreenchange'));
      return Promise.resolve();
    };
    onTestFinished(() => {
      Reflect.deleteProperty(document, 'fullscreenElement');
      Reflect.deleteProperty(HTMLElement.prototype, 'requestFullscreen');
    });
    const { user } = renderApp(leadPagePath);
    const panel = await screen.findByRole('tabpanel', { name: 'Conversation info' });
    expect(within(panel).getByText('Scheduled tour')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'More actions' }));
    const expand = await screen.findByRole('menuitem', { name: 'Expand pane' });
    expect(screen.getByRole('menuitem', { name: 'Full screen' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'By SMS' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'By Email' })).toBeTruthy();
    await user.click(expand);

    expect(within(panel).getByText('Jordan Prospect')).toBeTruthy();
    expect(within(panel).queryByText('Scheduled tour')).toBeNull();
    expect(within(panel).queryByText(/Nov 24, 2026/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Full screen' }));
    expect(fullscreenRequests).toEqual([
      screen.getByRole('heading', { name: 'Jordan Prospect' }).closest('[data-expanded]'),
    ]);

    await user.click(screen.getByRole('button', { name: 'More actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Exit full screen' })).toBeTruthy();
    await user.click(await screen.findByRole('menuitem', { name: 'Collapse pane' }));
    expect(within(panel).getByText('Scheduled tour')).toBeTruthy();
  });

  it("completes the office decision: 'Processing...', the toast, the state and the timeline", async () => {
    startSession('token');
    stubTimelineLayout();
    const request = conversationEvent({
      _id: 'decision-request',
      eventType: 'OFFICE_DECISION',
      senderType: 'ASSISTANT',
      senderName: 'Leasing Assistant',
      body: 'The assistant needs a decision: are two cats allowed?',
    });
    const openLead = lead({ conversations: [request] });
    const completion: OfficeDecisionResponse = {
      officeDecisionState: {
        status: 'COMPLETED',
        completedAt: '2026-11-22T16:00:00.000Z',
        completedByUserName: 'Dana Agent',
        outcome: null,
      },
      event: conversationEvent({
        _id: 'decision-done',
        eventType: 'OFFICE_DECISION',
        senderType: 'USER',
        senderName: 'Dana Agent',
        body: 'Decision marked as completed',
        eventByUserName: 'Dana Agent',
        data: { status: 'COMPLETED' },
      }),
    };
    let answer: (response: FakeResponse) => void = () => {};
    const decisionPath = apiPaths.officeDecision(openLead.companyID, openLead._id);
    const server = stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${leadApiPath}`]: { body: openLead },
      [`PUT ${decisionPath}`]: () => new Promise<FakeResponse>((resolve) => (answer = resolve)),
    });
    const { user } = renderApp(leadPagePath);
    await screen.findByText('Decision open');
    const requestRow = document.querySelector<HTMLElement>('[data-event-id="decision-request"]');
    expect(within(requestRow!).getByText('Open')).toBeTruthy();
    // The open decision's bar, above the timeline, keeps its question in view beside 'Complete'.
    const bar = screen.getByRole('region', { name: 'Open decision' });
    expect(
      within(bar).getByText('The assistant needs a decision: are two cats allowed?'),
    ).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Complete' })).toBeTruthy();

    // 'Complete' asks for the outcome in one step, quoting the question; Enter completes.
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    const outcome = await screen.findByRole('textbox', { name: 'Outcome (optional)' });
    expect(screen.getByLabelText("The decision's question").textContent).toBe(
      'The assistant needs a decision: are two cats allowed?',
    );
    expect(outcome.getAttribute('placeholder')).toBe('What was decided, e.g. Approved');
    await user.type(outcome, 'Two cats are fine{Enter}');
    expect(await screen.findByText('Processing...')).toBeTruthy();
    answer({ body: completion });

    expect(await screen.findByText('Marked as completed')).toBeTruthy();
    // The toast's close button says what it does.
    expect(screen.getAllByRole('button', { name: 'Dismiss notification' }).length).toBeGreaterThan(
      0,
    );
    expect(server.requestsTo(decisionPath, 'PUT')[0]?.body).toEqual({
      status: 'COMPLETED',
      isSeenByUser: true,
      outcome: 'Two cats are fine',
    });
    expect(screen.queryByRole('button', { name: 'Complete' })).toBeNull();
    expect(screen.getByText('Decision completed')).toBeTruthy();
    // Completed, the bar is gone: the timeline has its room back.
    expect(screen.queryByRole('region', { name: 'Open decision' })).toBeNull();
    expect(within(requestRow!).getByText('Completed')).toBeTruthy();
    await waitFor(() =>
      expect(
        within(document.querySelector<HTMLElement>('[data-event-id="decision-done"]')!).getByText(
          'Decision marked as completed by Dana Agent',
        ),
      ).toBeTruthy(),
    );
    await waitFor(() => expect(screen.queryByText('Processing...')).toBeNull());
  });

  it("says 'Something went wrong. Please try again' when completing fails", async () => {
    startSession('token');
    stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${leadApiPath}`]: { body: theLead },
      [`PUT ${apiPaths.officeDecision(theLead.companyID, theLead._id)}`]: apiError(
        500,
        'INTERNAL',
        'Internal server error',
      ),
    });
    const { user } = renderApp(leadPagePath);
    await user.click(await screen.findByRole('button', { name: 'Complete' }));
    await user.type(await screen.findByRole('textbox', { name: 'Outcome (optional)' }), '{Enter}');

    expect(await screen.findByText('Something went wrong. Please try again')).toBeTruthy();
    // The question stays open to try again (its Complete beside the header's), the decision open.
    expect(screen.getByRole('textbox', { name: 'Outcome (optional)' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Complete' })).toHaveLength(2);
    expect(screen.getByText('Decision open')).toBeTruthy();
  });

  const blocked = lead({ propertyA2pUnregisteredAt: '2026-11-20T15:00:00.000Z' });
  const a2pTitle = 'Texts from Maple Court are blocked: the number is not registered for A2P 10DLC';

  it('shows admins that the property number is not registered for A2P 10DLC, and what to do', async () => {
    startSession('token');
    stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${leadApiPath}`]: { body: blocked },
    });
    renderApp(leadPagePath);
    expect(await screen.findByText(a2pTitle)).toBeTruthy();
    expect(screen.getByText(/An admin must register the company's brand/)).toBeTruthy();
  });

  it('does not show the A2P banner to agents', async () => {
    startSession('token');
    stubRoutes({
      [`GET ${apiPaths.me}`]: { body: agentUser },
      [`GET ${leadApiPath}`]: { body: blocked },
    });
    renderApp(leadPagePath);
    await screen.findByRole('heading', { name: 'Jordan Prospect' });
    // The composer's avatar names the signed-in user: by then the role is known.
    await waitFor(() =>
      expect(document.querySelector('[title="Priya Shah"], img[alt="Priya Shah"]')).toBeTruthy(),
    );
    expect(screen.queryByText(a2pTitle)).toBeNull();
  });
});
