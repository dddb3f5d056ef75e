import { apiPaths } from '@leasing/contract';
import type { LeadCall, Me, SimulatedCallOutcome } from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { pinViewerTimeZone } from '../../../lib/viewer-time-zone';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import type { FakeResponse, RouteAnswer } from '../../../testing/fake-server';
import { agentUser, demoUser, lead } from '../../../testing/fixtures';
import { setMatchingMediaQueries } from '../../../testing/media-queries';
import { renderApp } from '../../../testing/render-app';
import { stubTimelineLayout } from '../../../testing/stub-layout';

beforeEach(() => pinViewerTimeZone('America/New_York'));

const theLead = lead();
const leadApiPath = apiPaths.lead(theLead.propertyID, theLead.pmsLeadId);
const leadPagePath = `/properties/${theLead.propertyID}/leads/${encodeURIComponent(theLead.pmsLeadId)}/escalation`;
const callsRoute = `POST ${apiPaths.leadCalls(theLead._id)}`;
const simulateRoute = `POST ${apiPaths.leadCallsSimulate(theLead._id)}`;
/** A phone held upright (390 px): narrower than every breakpoint, and touched. */
const PHONE = ['(max-width: 36em)', '(max-width: 48em)', '(max-width: 62em)', '(pointer: coarse)'];
const CALLING = 'Calling your phone… Answer it to be connected to Jordan Prospect.';

/** The server's 201: the call placed, its CALL event still ringing. */
function placed(direction: 'outbound' | 'inbound' = 'outbound'): FakeResponse {
  const body: LeadCall = {
    callId: 'call-1',
    eventId: 'event-1',
    leadId: theLead._id,
    data: {
      callId: 'call-1',
      direction,
      from: '+15125550000',
      to: '+15125550100',
      startedAt: '2026-11-22T15:05:00.000Z',
      outcome: null,
    },
  };
  return { status: 201, body };
}

function openLead(routes: Record<string, RouteAnswer> = {}, me: Me = agentUser) {
  startSession('token');
  stubTimelineLayout();
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: me },
    [`GET ${leadApiPath}`]: { body: theLead },
    ...routes,
  });
  return { ...renderApp(leadPagePath), server };
}

const toastTexts = () =>
  [...document.querySelectorAll('.mantine-Notification-root')].map((toast) => toast.textContent);

const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe("'Call' in the lead's pane", () => {
  it('asks the server to ring my phone, then the lead', async () => {
    const { user, server } = openLead({ [callsRoute]: placed() });

    await user.click(await screen.findByRole('button', { name: 'Call Jordan Prospect' }));

    expect(await screen.findByText(CALLING)).toBeTruthy();
    expect(server.requestsTo(apiPaths.leadCalls(theLead._id), 'POST')).toHaveLength(1);
  });

  it('offers to add my phone when I have none, and calls once it is saved', async () => {
    let myPhone: string | null = null;
    const { user, server } = openLead({
      [callsRoute]: () =>
        myPhone
          ? placed()
          : apiError(
              409,
              'NO_AGENT_PHONE',
              'Add your phone number in your profile to place calls.',
            ),
      [`PATCH ${apiPaths.me}`]: ({ body }) => {
        myPhone = (body as { phone: string }).phone;
        return { body: { ...agentUser, phone: myPhone } };
      },
    });
    const call = await screen.findByRole('button', { name: 'Call Jordan Prospect' });

    await user.click(call);
    expect(await screen.findByText('Add your phone number to place calls.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add my phone number' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your phone number' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone number' }), '512-555-0100');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Phone number saved')).toBeTruthy();
    expect(server.requestsTo(apiPaths.me, 'PATCH').map((request) => request.body)).toEqual([
      { phone: '+15125550100' },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Your phone number' })).toBeNull(),
    );
    expect(screen.queryByText('Add your phone number to place calls.')).toBeNull();

    await user.click(call);
    expect(await screen.findByText(CALLING)).toBeTruthy();
    expect(server.requestsTo(apiPaths.leadCalls(theLead._id), 'POST')).toHaveLength(2);
  });

  it.each([
    [
      apiError(
        409,
        'NO_PROPERTY_NUMBER',
        'Calls cannot be placed yet: Maple Court has no phone number.',
      ),
      'This property has no phone number to call from.',
    ],
    [
      apiError(409, 'NO_LEAD_PHONE', 'This lead has no phone number to call.'),
      'This lead has no phone number.',
    ],
    [
      apiError(
        502,
        'CALL_REFUSED',
        "Twilio refused the call: The 'To' number is not valid (error 21211)",
      ),
      "The call could not be placed: Twilio refused the call: The 'To' number is not valid (error 21211)",
    ],
  ])('says what stopped the call (%#)', async (answer, message) => {
    const { user } = openLead({ [callsRoute]: answer });

    await user.click(await screen.findByRole('button', { name: 'Call Jordan Prospect' }));

    await waitFor(() => expect(toastTexts()).toEqual([message]));
  });

  it('keeps Call disabled, saying why, for a lead without a phone', async () => {
    const { user, server } = openLead({
      [`GET ${leadApiPath}`]: { body: { ...theLead, phone: null } },
    });

    const call = await screen.findByRole('button', { name: 'Call Jordan Prospect' });
    expect(call.getAttribute('aria-disabled')).toBe('true');
    expect(describedBy(call)).toBe('This lead has no phone number.');
    await user.click(call);
    expect(server.requestsTo(apiPaths.leadCalls(theLead._id), 'POST')).toHaveLength(0);

    // The shortcut says why too, where no tooltip is in view.
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('c');
    await waitFor(() => expect(toastTexts()).toEqual(['This lead has no phone number.']));
    expect(server.requestsTo(apiPaths.leadCalls(theLead._id), 'POST')).toHaveLength(0);
  });

  it('calls with c, and not while a message is typed', async () => {
    const { user, server } = openLead({ [callsRoute]: placed() });
    const message = await screen.findByPlaceholderText('Send a message to the lead');
    await waitFor(() => expect(document.activeElement).toBe(message));

    await user.keyboard('c');
    expect((message as HTMLTextAreaElement).value).toBe('c');
    expect(server.requestsTo(apiPaths.leadCalls(theLead._id), 'POST')).toHaveLength(0);

    message.blur();
    await user.keyboard('c');
    expect(await screen.findByText(CALLING)).toBeTruthy();
    expect(server.requestsTo(apiPaths.leadCalls(theLead._id), 'POST')).toHaveLength(1);

    await user.keyboard('?');
    const shortcuts = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(
      within(shortcuts)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toContain('Call the lead');
  });

  it("fits a phone's pane as the icon alone, under the same name", async () => {
    setMatchingMediaQueries(PHONE);
    const { user } = openLead({ [callsRoute]: placed() });

    const call = await screen.findByRole('button', { name: 'Call Jordan Prospect' });
    expect(call.classList.contains('mantine-ActionIcon-root')).toBe(true);
    expect(call.textContent).toBe('');
    await user.click(call);
    expect(await screen.findByText(CALLING)).toBeTruthy();
  });
});

/** The public configuration of a server without a Twilio account. */
const SANDBOX = {
  [`GET ${apiPaths.config}`]: {
    body: {
      sessionLimitMinutes: 720,
      minimumFetchIntervalMs: 3_600_000,
      payments: 'on',
      calls: 'sandbox',
    },
  },
};

describe('calls in the sandbox', () => {
  it("turns 'Call' into 'Simulate a call' when the server answers it has no Twilio account (a configuration read before)", async () => {
    const { user, server } = openLead({
      [callsRoute]: apiError(
        409,
        'CALLS_UNAVAILABLE',
        'Calls cannot be placed here: no Twilio account is configured (the sandbox). Simulate a call instead.',
      ),
    });

    await user.click(await screen.findByRole('button', { name: 'Call Jordan Prospect' }));

    expect(await screen.findByRole('menuitem', { name: 'Missed call', hidden: true })).toBeTruthy();
    const simulate = screen.getByRole('button', { name: 'Simulate a call from Jordan Prospect' });
    expect(simulate.getAttribute('aria-haspopup')).toBe('menu');
    expect(simulate.getAttribute('aria-expanded')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Call Jordan Prospect' })).toBeNull();
    expect(server.requestsTo(apiPaths.leadCalls(theLead._id), 'POST')).toHaveLength(1);
  });

  it.each([
    ['Answered call', 'answered', 'Simulated an answered call from Jordan Prospect.'],
    ['Missed call', 'missed', 'Simulated a missed call from Jordan Prospect.'],
    ['Voicemail', 'voicemail', 'Simulated a voicemail from Jordan Prospect.'],
  ] as const)(
    "simulates '%s' from the lead",
    async (item, outcome: SimulatedCallOutcome, notification) => {
      const { user, server } = openLead({ ...SANDBOX, [simulateRoute]: placed('inbound') });

      await user.click(
        await screen.findByRole('button', { name: 'Simulate a call from Jordan Prospect' }),
      );
      await user.click(await screen.findByRole('menuitem', { name: item, hidden: true }));

      expect(await screen.findByText(notification)).toBeTruthy();
      expect(
        server
          .requestsTo(apiPaths.leadCallsSimulate(theLead._id), 'POST')
          .map((request) => request.body),
      ).toEqual([{ outcome }]);
      expect(server.requestsTo(apiPaths.leadCalls(theLead._id), 'POST')).toHaveLength(0);
    },
  );

  it("fits a phone's pane as the icon alone, opening the same menu", async () => {
    setMatchingMediaQueries(PHONE);
    const { user } = openLead(SANDBOX);

    const simulate = await screen.findByRole('button', {
      name: 'Simulate a call from Jordan Prospect',
    });
    expect(simulate.classList.contains('mantine-ActionIcon-root')).toBe(true);
    await user.click(simulate);

    expect(
      await screen.findByRole('menuitem', { name: 'Answered call', hidden: true }),
    ).toBeTruthy();
    expect(simulate.getAttribute('aria-expanded')).toBe('true');
  });

  it("opens 'Simulate a call' with c", async () => {
    const { user } = openLead(SANDBOX);
    const message = await screen.findByPlaceholderText('Send a message to the lead');
    await waitFor(() => expect(document.activeElement).toBe(message));
    message.blur();

    await user.keyboard('c');

    expect(await screen.findByRole('menuitem', { name: 'Voicemail', hidden: true })).toBeTruthy();
  });
});

describe('who is on a call with the lead', () => {
  /** The lead with a call Priya placed a minute ago still going (no outcome yet), or ended. */
  const leadWithCall = (outcome: 'answered' | null) =>
    lead({
      conversations: [
        {
          _id: 'event-call',
          leadID: theLead._id,
          eventType: 'CALL',
          date: new Date(Date.now() - 60_000).toISOString(),
          body: null,
          senderName: 'Priya Shah',
          senderType: 'USER',
          iconURL: null,
          subject: null,
          sendingStatus: null,
          attachmentsUrls: [],
          data: {
            callId: 'call-1',
            direction: 'outbound',
            from: '+15125550000',
            to: '+15125550100',
            startedAt: new Date(Date.now() - 60_000).toISOString(),
            outcome,
          },
          eventByUserName: null,
        },
        ...theLead.conversations,
      ],
    });

  it("tells a colleague 'Priya is on a call with this lead'", async () => {
    openLead({ [`GET ${leadApiPath}`]: { body: leadWithCall(null) } }, demoUser);
    expect(await screen.findByText('Priya is on a call with this lead')).toBeTruthy();
  });

  it("tells Priya herself 'You are on a call with this lead'", async () => {
    openLead({ [`GET ${leadApiPath}`]: { body: leadWithCall(null) } });
    expect(await screen.findByText('You are on a call with this lead')).toBeTruthy();
  });

  it('says nothing once the call has an outcome', async () => {
    openLead({ [`GET ${leadApiPath}`]: { body: leadWithCall('answered') } });
    expect(await screen.findByRole('button', { name: 'Call Jordan Prospect' })).toBeTruthy();
    expect(screen.queryByText(/on a call with this lead/)).toBeNull();
  });
});
