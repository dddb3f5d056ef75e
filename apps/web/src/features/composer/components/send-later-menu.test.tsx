import { apiPaths } from '@leasing/contract';
import type { Lead } from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { stubRoutes } from '../../../testing/fake-server';
import { conversationEvent, demoUser, lead as leadFixture } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { stubTimelineLayout } from '../../../testing/stub-layout';
import { pinViewerTimeZone } from '../../../lib/viewer-time-zone';

// The viewer is in New York, an hour ahead of the lead's Central clock.
beforeEach(() => pinViewerTimeZone('America/New_York'));

async function openComposer(lead: Lead) {
  startSession('token');
  stubTimelineLayout();
  const smsPath = apiPaths.leadSms(lead._id);
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.lead(lead.propertyID, lead.pmsLeadId)}`]: { body: lead },
    [`POST ${smsPath}`]: (request) => {
      const body = request.body as FormData;
      return {
        body: conversationEvent({
          _id: 'later-1',
          senderType: 'USER',
          senderName: demoUser.name,
          body: String(body.get('text')),
          sendingStatus: 'SCHEDULED',
          scheduledAt: String(body.get('sendAt')),
          date: new Date().toISOString(),
          data: { keepIfLeadReplies: body.get('keepIfLeadReplies') === 'true' },
        }),
      };
    },
  });
  const rendered = renderApp(
    `/properties/${lead.propertyID}/leads/${encodeURIComponent(lead.pmsLeadId)}/escalation`,
  );
  const form = await screen.findByRole('form', { name: 'Message composer' });
  return { ...rendered, server, smsPath, composer: within(form) };
}

describe("'Send later' in the composer", () => {
  it("schedules the draft 'In 1 hour' and the timeline shows it scheduled", async () => {
    const lead = leadFixture({ officeDecisionState: null });
    const { user, server, smsPath, composer } = await openComposer(lead);
    await user.type(composer.getByPlaceholderText('Send a message to the lead'), 'Call me back?');
    const before = Date.now();
    await user.click(composer.getByRole('button', { name: 'Send later' }));
    const choice = await screen.findByRole('menuitem', { name: /In 1 hour/ });
    expect(within(choice).getByText(/ Central for the lead · .+ for you$/)).toBeTruthy();
    await user.click(choice);

    await waitFor(() => expect(server.requestsTo(smsPath, 'POST')).toHaveLength(1));
    const body = server.requestsTo(smsPath, 'POST')[0]!.body as FormData;
    expect(body.get('text')).toBe('Call me back?');
    const sendAt = new Date(String(body.get('sendAt'))).getTime();
    expect(sendAt - before).toBeGreaterThanOrEqual(3_600_000 - 1000);
    expect(sendAt - before).toBeLessThan(3_600_000 + 60_000);
    expect(body.get('keepIfLeadReplies')).toBeNull();
    expect(await screen.findByRole('group', { name: 'Scheduled message' })).toBeTruthy();
    expect(composer.getByPlaceholderText('Send a message to the lead')).toHaveProperty('value', '');
  });

  it('picks a date and time on the lead clock, and can keep it if the lead replies', async () => {
    const lead = leadFixture({ officeDecisionState: null });
    const { user, server, smsPath, composer } = await openComposer(lead);
    await user.type(composer.getByPlaceholderText('Send a message to the lead'), 'Happy new year');
    await user.click(composer.getByRole('button', { name: 'Send later' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Pick a date and time…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send later' });
    const input = within(dialog).getByLabelText(/Date and time for the lead/);
    await user.clear(input);
    await user.type(input, '2030-01-10T09:00');
    expect(
      within(dialog).getByText('Thu, Jan 10, 9:00 AM Central for the lead · 10:00 AM for you'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('switch', { name: /Send even if the lead replies/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));

    await waitFor(() => expect(server.requestsTo(smsPath, 'POST')).toHaveLength(1));
    const body = server.requestsTo(smsPath, 'POST')[0]!.body as FormData;
    expect(body.get('sendAt')).toBe('2030-01-10T15:00:00.000Z');
    expect(body.get('keepIfLeadReplies')).toBe('true');
  });
});
