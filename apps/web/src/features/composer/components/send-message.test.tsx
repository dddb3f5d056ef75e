import { apiPaths, IDEMPOTENCY_KEY_HEADER } from '@leasing/contract';
import type { ConversationEvent, Lead } from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import type { FakeHandler, RouteAnswer } from '../../../testing/fake-server';
import { stubLiveServer } from '../../../testing/fake-socket';
import {
  conversationEvent,
  demoUser,
  lead as leadFixture,
  leadSummary,
} from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { stubTimelineLayout } from '../../../testing/stub-layout';

async function openComposer(lead: Lead, routes: Record<string, RouteAnswer> = {}) {
  startSession('token');
  stubTimelineLayout();
  const leadPath = apiPaths.lead(lead.propertyID, lead.pmsLeadId);
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${leadPath}`]: { body: lead },
    ...routes,
  });
  const path = `/properties/${lead.propertyID}/leads/${encodeURIComponent(lead.pmsLeadId)}/escalation`;
  const rendered = renderApp(path);
  const form = await screen.findByRole('form', { name: 'Message composer' });
  return { ...rendered, server, form, composer: within(form) };
}

function fileInput(form: HTMLElement): HTMLInputElement {
  const input = form.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input');
  return input;
}

function sentEvent(overrides: Partial<ConversationEvent> = {}): ConversationEvent {
  return conversationEvent({
    _id: 'sent-1',
    senderType: 'USER',
    senderName: demoUser.name,
    sendingStatus: 'PENDING',
    body: 'Cats are welcome',
    date: new Date().toISOString(),
    ...overrides,
  });
}

const networkFailure: FakeHandler = () => {
  throw new TypeError('Failed to fetch');
};

describe('sending', () => {
  it('sends an SMS as multipart with an idempotency key, kept for a retry after a network error', async () => {
    const lead = leadFixture(); // office decision PENDING
    const smsPath = apiPaths.leadSms(lead._id);
    const decisionPath = apiPaths.officeDecision(lead.companyID, lead._id);
    let attempts = 0;
    const { user, server, form, composer } = await openComposer(lead, {
      [`POST ${smsPath}`]: (request) => {
        attempts += 1;
        return attempts === 1 ? networkFailure(request) : { body: sentEvent() };
      },
      [`PUT ${decisionPath}`]: {
        body: {
          officeDecisionState: {
            status: 'COMPLETED',
            completedAt: new Date().toISOString(),
            completedByUserName: demoUser.name,
            outcome: null,
          },
          event: null,
        },
      },
    });
    const message = composer.getByPlaceholderText('Send a message to the lead');
    await user.type(message, 'Cats are welcome');
    await user.upload(
      fileInput(form),
      new File([new Uint8Array(2048)], 'cat-policy.png', { type: 'image/png' }),
    );
    await user.click(composer.getByRole('button', { name: 'Send' }));

    const alert = await screen.findByRole('dialog', { name: 'Oops' });
    expect(
      within(alert).getByText('Could not reach the server. Check your connection and try again.'),
    ).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Ok' }));
    expect(message).toHaveProperty('value', 'Cats are welcome');
    expect(composer.getByRole('img', { name: 'cat-policy.png' })).toBeTruthy();

    await user.click(composer.getByRole('button', { name: 'Send' }));

    const prompt = await screen.findByRole('dialog', { name: 'Office decision' });
    expect(within(prompt).getByText('Do you want to complete the decision?')).toBeTruthy();
    expect(within(prompt).getByRole('button', { name: 'Leave Open' })).toBeTruthy();

    const [first, second] = server.requestsTo(smsPath, 'POST');
    const body = second?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('leadID')).toBe(lead._id);
    expect(body.get('text')).toBe('Cats are welcome');
    const [attachment] = body.getAll('attachments') as File[];
    expect(attachment?.name).toBe('cat-policy.png');
    expect(attachment?.size).toBe(2048);
    const key = second?.headers.get(IDEMPOTENCY_KEY_HEADER);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(first?.headers.get(IDEMPOTENCY_KEY_HEADER)).toBe(key);

    // The draft is cleared and the message shows at once.
    expect(message).toHaveProperty('value', '');
    expect(composer.queryByRole('img', { name: 'cat-policy.png' })).toBeNull();
    const row = document.querySelector<HTMLElement>('[data-event-id="sent-1"]');
    expect(row && within(row).getByText('Queued')).toBeTruthy();

    await user.click(within(prompt).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('Marked as completed')).toBeTruthy();
    expect(server.requestsTo(decisionPath, 'PUT')[0]?.body).toEqual({
      status: 'COMPLETED',
      isSeenByUser: true,
    });
  });

  it('uses a new idempotency key for the next message', async () => {
    const lead = leadFixture({ officeDecisionState: null });
    const smsPath = apiPaths.leadSms(lead._id);
    let count = 0;
    const { user, server, composer } = await openComposer(lead, {
      [`POST ${smsPath}`]: () => ({ body: sentEvent({ _id: `sent-${++count}` }) }),
    });
    const message = composer.getByPlaceholderText('Send a message to the lead');

    await user.type(message, 'First{Control>}{Enter}{/Control}');
    await waitFor(() => expect(message).toHaveProperty('value', ''));
    await user.type(message, 'Second{Control>}{Enter}{/Control}');
    await waitFor(() => expect(server.requestsTo(smsPath, 'POST')).toHaveLength(2));

    const keys = server
      .requestsTo(smsPath, 'POST')
      .map((request) => request.headers.get(IDEMPOTENCY_KEY_HEADER));
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBeTruthy();
    expect(keys[0]).not.toBe(keys[1]);
    // No decision is open: nothing to ask.
    expect(screen.queryByText('Do you want to complete the decision?')).toBeNull();
  });

  it("shows the server's refusal in 'Oops' with 'Ok', and keeps the draft", async () => {
    const lead = leadFixture({ officeDecisionState: null });
    const { user, composer } = await openComposer(lead, {
      [`POST ${apiPaths.leadSms(lead._id)}`]: apiError(
        400,
        'SEND_REFUSED',
        'attachments: plan.png holds a JPEG image; its name says otherwise',
      ),
    });
    const message = composer.getByPlaceholderText('Send a message to the lead');
    await user.type(message, 'Here is the plan');

    await user.click(composer.getByRole('button', { name: 'Send' }));

    const alert = await screen.findByRole('dialog', { name: 'Oops' });
    expect(
      within(alert).getByText('attachments: plan.png holds a JPEG image; its name says otherwise'),
    ).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Oops' })).toBeNull());
    expect(message).toHaveProperty('value', 'Here is the plan');
    expect(composer.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', false);
  });

  it("says, when the company has no SMS number, the server's sentence on where to add one", async () => {
    const noNumber =
      'Texts cannot be sent yet: your company has no SMS number. An admin can add one under Settings → Numbers.';
    const lead = leadFixture({ officeDecisionState: null });
    const { user, composer } = await openComposer(lead, {
      [`POST ${apiPaths.leadSms(lead._id)}`]: apiError(409, 'NO_SMS_NUMBER', noNumber),
    });
    const message = composer.getByPlaceholderText('Send a message to the lead');
    await user.type(message, 'Is Tuesday good for a tour?');

    await user.click(composer.getByRole('button', { name: 'Send' }));

    const alert = await screen.findByRole('dialog', { name: 'Oops' });
    expect(within(alert).getByText(noNumber)).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Oops' })).toBeNull());
    expect(message).toHaveProperty('value', 'Is Tuesday good for a tour?');
  });

  it('sends an email answering the selected email, and Leave Open leaves the decision', async () => {
    const leadEmail = conversationEvent({
      _id: 'lead-email',
      eventType: 'EMAIL',
      senderType: 'LEAD',
      subject: 'Pay stubs',
      body: 'Attached are my pay stubs.',
    });
    const lead = leadFixture({
      emailOptStatus: 'OPT_IN',
      conversations: [leadEmail],
    });
    const emailPath = apiPaths.leadEmail(lead._id);
    const decisionPath = apiPaths.officeDecision(lead.companyID, lead._id);
    const { user, server, composer } = await openComposer(lead, {
      [`POST ${emailPath}`]: {
        body: sentEvent({ eventType: 'EMAIL', subject: 'Re: Pay stubs', body: 'Thanks!' }),
      },
    });
    expect(composer.getByText('Replying to: Pay stubs')).toBeTruthy();

    await user.type(composer.getByPlaceholderText('Send a message to the lead'), 'Thanks!');
    await user.click(composer.getByRole('button', { name: 'Send' }));

    const prompt = await screen.findByRole('dialog', { name: 'Office decision' });
    const [request] = server.requestsTo(emailPath, 'POST');
    expect(request?.body).toEqual({
      subject: 'Re: Pay stubs',
      text: 'Thanks!',
      leadID: lead._id,
      companyID: lead.companyID,
      sentByUserID: demoUser._id,
      messageId: 'lead-email',
      // The reply guard: the draft was started with the lead's email as the newest event.
      basedOnEventId: 'lead-email',
    });
    expect(request?.headers.get(IDEMPOTENCY_KEY_HEADER)).toBeTruthy();
    // Sent: the reply is over, the subject gone.
    expect(composer.queryByText(/Replying to/)).toBeNull();
    expect(composer.getByRole('textbox', { name: 'Subject' })).toHaveProperty('value', '');

    await user.click(within(prompt).getByRole('button', { name: 'Leave Open' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Office decision' })).toBeNull(),
    );
    expect(server.requestsTo(decisionPath, 'PUT')).toHaveLength(0);
    expect(screen.getByText('Decision open')).toBeTruthy();
  });

  it('shows the sending status as it changes, from the live socket, without reloading the lead', async () => {
    const lead = leadFixture({ officeDecisionState: null });
    const live = stubLiveServer(demoUser);
    const queued = sentEvent({ body: 'On my way' });
    const { user, composer, server } = await openComposer(lead, {
      [`POST ${apiPaths.leadSms(lead._id)}`]: { body: queued },
    });
    await live.connected();
    const leadPath = apiPaths.lead(lead.propertyID, lead.pmsLeadId);
    await user.type(composer.getByPlaceholderText('Send a message to the lead'), 'On my way');
    await user.click(composer.getByRole('button', { name: 'Send' }));
    const row = () => document.querySelector<HTMLElement>(`[data-event-id="${queued._id}"]`);
    await waitFor(() => expect(row() && within(row()!).getByText('Queued')).toBeTruthy());
    const loads = server.requestsTo(leadPath).length;

    const summary = leadSummary({ _id: lead._id, pmsLeadId: lead.pmsLeadId });
    live.publish([{ ...queued, sendingStatus: 'IN_PROGRESS' }], summary);
    await waitFor(() => expect(within(row()!).getByText('Sending…')).toBeTruthy());
    live.publish([{ ...queued, sendingStatus: 'COMPLETED' }], summary);
    await waitFor(() => expect(within(row()!).getByText('Delivered')).toBeTruthy());

    expect(document.querySelectorAll(`[data-event-id="${queued._id}"]`)).toHaveLength(1);
    expect(server.requestsTo(leadPath)).toHaveLength(loads);
  });
});
