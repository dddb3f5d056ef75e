import { apiPaths } from '@leasing/contract';
import type { ConversationEvent, Lead } from '@leasing/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { stubRoutes } from '../../../testing/fake-server';
import type { RouteAnswer } from '../../../testing/fake-server';
import { conversationEvent, demoUser, lead as leadFixture } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { stubTimelineLayout } from '../../../testing/stub-layout';
import { pinViewerTimeZone } from '../../../lib/viewer-time-zone';

// The viewer is in New York, an hour ahead of the lead's Central clock.
beforeEach(() => pinViewerTimeZone('America/New_York'));

const scheduled = conversationEvent({
  _id: 'later',
  senderType: 'USER',
  senderName: 'Dana Whitfield',
  body: 'See you tomorrow at 9',
  sendingStatus: 'SCHEDULED',
  scheduledAt: '2030-01-10T15:00:00.000Z',
  data: { keepIfLeadReplies: false },
});

const sentNow: RouteAnswer = {
  body: { ...scheduled, sendingStatus: 'PENDING', date: '2030-01-09T12:00:00.000Z' },
};

/** The server's 409 for a text at 11 PM on the lead's clock, unless the override is sent. */
const heldForQuietHours: RouteAnswer = (request) =>
  (request.body as { quietHoursOverride?: boolean } | null)?.quietHoursOverride
    ? (sentNow as { body: unknown })
    : {
        status: 409,
        body: {
          error: {
            code: 'QUIET_HOURS',
            message: "It's 11:00 PM Central for Jordan: outside the allowed hours for texts.",
            leadFirstName: 'Jordan',
            localTime: '11:00 PM',
            zoneLabel: 'Central',
            timeZone: 'America/Chicago',
            nextAllowedAt: '2030-01-10T14:00:00.000Z',
            nextAllowedLocal: '8:00 AM',
            canSendNow: true,
          },
        },
      };

async function openPane(conversations: ConversationEvent[], sendNow: RouteAnswer = sentNow) {
  startSession('token');
  stubTimelineLayout();
  const lead: Lead = leadFixture({ conversations, phoneOptStatus: 'NO_INDICATION' });
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.lead(lead.propertyID, lead.pmsLeadId)}`]: { body: lead },
    [`DELETE ${apiPaths.leadMessageSchedule(lead._id, scheduled._id)}`]: {
      body: {
        ...scheduled,
        sendingStatus: 'CANCELED',
        data: { canceledReason: 'BY_USER', canceledByUserName: 'Dana Whitfield' },
      },
    },
    [`POST ${apiPaths.leadMessageSendNow(lead._id, scheduled._id)}`]: sendNow,
  });
  renderApp(
    `/properties/${lead.propertyID}/leads/${encodeURIComponent(lead.pmsLeadId)}/escalation`,
  );
  const note = await screen.findByRole('group', { name: 'Scheduled message' });
  return { lead, server, note };
}

describe('a scheduled message on the timeline', () => {
  it("says when it leaves on the lead's clock, and 'Cancel' cancels it", async () => {
    const { lead, server, note } = await openPane([scheduled]);
    expect(
      within(note).getByText(
        'Scheduled: Thu, Jan 10, 9:00 AM Central for the lead · 10:00 AM for you',
      ),
    ).toBeTruthy();
    fireEvent.click(within(note).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Cancelled by Dana Whitfield')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Scheduled message' })).toBeNull();
    expect(
      server.requestsTo(apiPaths.leadMessageSchedule(lead._id, scheduled._id), 'DELETE'),
    ).toHaveLength(1);
  });

  it("'Send now' queues it at once", async () => {
    const { lead, server, note } = await openPane([scheduled]);
    fireEvent.click(within(note).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('Queued')).toBeTruthy();
    expect(
      server.requestsTo(apiPaths.leadMessageSendNow(lead._id, scheduled._id), 'POST'),
    ).toHaveLength(1);
  });

  it("'Send now' outside the lead's allowed hours asks first, and sends on the override", async () => {
    const { lead, server, note } = await openPane([scheduled], heldForQuietHours);
    fireEvent.click(within(note).getByRole('button', { name: 'Send now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the scheduled message now?' });
    expect(within(dialog).getByText(/ for Jordan\. Send at /)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('Queued')).toBeTruthy();
    const sends = server.requestsTo(apiPaths.leadMessageSendNow(lead._id, scheduled._id), 'POST');
    expect(sends.map((request) => request.body ?? null)).toEqual([
      null,
      { quietHoursOverride: true },
    ]);
  });

  it('says why a message never left, and when one left late', async () => {
    await openPane([
      scheduled,
      conversationEvent({
        _id: 'replied',
        senderType: 'USER',
        body: 'Still interested?',
        sendingStatus: 'CANCELED',
        scheduledAt: '2030-01-09T15:00:00.000Z',
        data: { canceledReason: 'LEAD_REPLIED' },
      }),
      conversationEvent({
        _id: 'deactivated',
        senderType: 'USER',
        body: 'See you Monday',
        sendingStatus: 'CANCELED',
        scheduledAt: '2030-01-09T16:00:00.000Z',
        data: { canceledReason: 'SENDER_DEACTIVATED', canceledByUserName: 'Dana Agent' },
      }),
      conversationEvent({
        _id: 'late',
        senderType: 'USER',
        body: 'Good morning',
        sendingStatus: 'COMPLETED',
        scheduledAt: '2030-01-08T15:00:00.000Z',
        data: { sentLateFrom: '2030-01-08T15:00:00.000Z' },
      }),
    ]);
    expect(screen.getByText('Not sent: the lead replied first')).toBeTruthy();
    expect(screen.getByText('Not sent: the person who scheduled it was deactivated')).toBeTruthy();
    expect(
      screen.getByText('Sent late: the server was unavailable at Tue, Jan 8, 9:00 AM Central'),
    ).toBeTruthy();
  });
});
