import { apiPaths, IDEMPOTENCY_KEY_HEADER, QUIET_HOURS_CODE } from '@leasing/contract';
import type { Lead, QuietHoursError } from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../lib/storage';
import { stubRoutes } from '../../../testing/fake-server';
import type { RouteAnswer } from '../../../testing/fake-server';
import { conversationEvent, demoUser, lead as leadFixture } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { stubTimelineLayout } from '../../../testing/stub-layout';
import { pinViewerTimeZone } from '../../../lib/viewer-time-zone';

// A viewer in New York, an hour ahead of the lead's Central clock.
beforeEach(() => pinViewerTimeZone('America/New_York'));

async function openComposer(lead: Lead, routes: Record<string, RouteAnswer>) {
  startSession('token');
  stubTimelineLayout();
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.lead(lead.propertyID, lead.pmsLeadId)}`]: { body: lead },
    ...routes,
  });
  const { user } = renderApp(
    `/properties/${lead.propertyID}/leads/${encodeURIComponent(lead.pmsLeadId)}/escalation`,
  );
  const form = await screen.findByRole('form', { name: 'Message composer' });
  return { server, user, composer: within(form) };
}

const held = (overrides: Partial<QuietHoursError> = {}) => ({
  status: 409,
  body: {
    error: {
      code: QUIET_HOURS_CODE,
      message: "It's 10:14 PM Central for Maya: outside the allowed hours for texts.",
      leadFirstName: 'Maya',
      localTime: '10:14 PM',
      zoneLabel: 'Central',
      timeZone: 'America/Chicago',
      nextAllowedAt: '2026-11-26T14:00:00.000Z',
      nextAllowedLocal: '8:00 AM',
      canSendNow: true,
      ...overrides,
    } satisfies QuietHoursError,
  },
});

const sent = {
  body: conversationEvent({
    _id: 'sent-1',
    senderType: 'USER',
    senderName: demoUser.name,
    sendingStatus: 'PENDING',
    body: 'Are you free for a tour tomorrow?',
    date: new Date().toISOString(),
  }),
};

describe('the quiet-hours prompt', () => {
  afterEach(() => vi.useRealTimers());

  it("asks to schedule a text held for the lead's quiet hours; 'Send now' sends it with the override", async () => {
    // Wednesday Nov 25, 2026, 10:14 PM in Chicago.
    vi.useFakeTimers({ now: new Date('2026-11-26T04:14:00Z'), toFake: ['Date'] });
    const lead = leadFixture({ officeDecisionState: null });
    const smsPath = apiPaths.leadSms(lead._id);
    let attempts = 0;
    const { server, composer, user } = await openComposer(lead, {
      [`POST ${smsPath}`]: () => (++attempts === 1 ? held() : sent),
    });

    await user.type(
      composer.getByPlaceholderText('Send a message to the lead'),
      'Are you free for a tour tomorrow?',
    );
    await user.click(composer.getByRole('button', { name: 'Send' }));

    const prompt = await screen.findByRole('alert', { name: "Outside the lead's allowed hours" });
    expect(
      within(prompt).getByText(
        "It's 10:14 PM Central for Maya. Send at Thu, Nov 26, 8:00 AM Central for the lead · 9:00 AM for you?",
      ),
    ).toBeTruthy();
    const schedule = within(prompt).getByRole('button', { name: 'Schedule' });
    expect(document.activeElement).toBe(schedule);
    expect(composer.getByPlaceholderText('Send a message to the lead')).toHaveProperty(
      'value',
      'Are you free for a tour tomorrow?',
    );

    await user.click(within(prompt).getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(document.querySelector('[data-event-id="sent-1"]')).not.toBeNull());
    const [first, second] = server.requestsTo(smsPath, 'POST');
    expect((first?.body as FormData).get('quietHoursOverride')).toBeNull();
    expect((second?.body as FormData).get('quietHoursOverride')).toBe('true');
    // The same message: the same idempotency key.
    expect(second?.headers.get(IDEMPOTENCY_KEY_HEADER)).toBe(
      first?.headers.get(IDEMPOTENCY_KEY_HEADER),
    );
    expect(screen.queryByRole('alert', { name: "Outside the lead's allowed hours" })).toBeNull();
  });

  it("sends the same text for the next allowed moment on 'Schedule', and says why 'Send now' is off when the company forbids it", async () => {
    const lead = leadFixture({ officeDecisionState: null });
    const smsPath = apiPaths.leadSms(lead._id);
    const { server, composer, user } = await openComposer(lead, {
      [`POST ${smsPath}`]: held({ canSendNow: false }),
    });

    await user.type(composer.getByPlaceholderText('Send a message to the lead'), 'Tour at 9?');
    await user.click(composer.getByRole('button', { name: 'Send' }));
    const prompt = await screen.findByRole('alert', { name: "Outside the lead's allowed hours" });
    const sendNow = within(prompt).getByRole('button', { name: 'Send now' });
    expect(sendNow).toHaveProperty('disabled', true);
    const reason = document.getElementById(sendNow.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe(
      "Your company does not allow sending outside the lead's allowed hours.",
    );

    await user.click(within(prompt).getByRole('button', { name: 'Schedule' }));
    await screen.findByRole('alert', { name: "Outside the lead's allowed hours" });
    const [, scheduled] = server.requestsTo(smsPath, 'POST');
    expect((scheduled?.body as FormData).get('sendAt')).toBe('2026-11-26T14:00:00.000Z');
    expect((scheduled?.body as FormData).get('text')).toBe('Tour at 9?');
  });
});
