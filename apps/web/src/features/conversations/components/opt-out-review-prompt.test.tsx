import { apiPaths } from '@leasing/contract';
import type { ConversationEvent, Lead, OptOutReviewResponse } from '@leasing/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { stubRoutes } from '../../../testing/fake-server';
import { conversationEvent, demoUser, lead as leadFixture } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { stubTimelineLayout } from '../../../testing/stub-layout';

const flagged = conversationEvent({
  _id: 'maybe',
  body: 'not interested right now',
  data: { optOutReview: { status: 'PENDING' } },
});

async function openPane(response: OptOutReviewResponse) {
  startSession('token');
  stubTimelineLayout();
  const lead: Lead = leadFixture({
    conversations: [flagged],
    phoneOptStatus: 'NO_INDICATION',
    // Email is closed too: once texts are, nothing is left to write with.
    emailOptStatus: 'OPT_OUT',
  });
  // The server's lead before the decision, and as a reload finds it after.
  let current = lead;
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.lead(lead.propertyID, lead.pmsLeadId)}`]: () => ({ body: current }),
    [`POST ${apiPaths.leadOptOutReview(lead._id, flagged._id)}`]: () => {
      current = {
        ...lead,
        conversations: [...(response.consentEvent ? [response.consentEvent] : []), response.event],
        phoneOptStatus: response.phoneOptStatus,
        consent: response.consent,
      };
      return { body: response };
    },
  });
  renderApp(
    `/properties/${lead.propertyID}/leads/${encodeURIComponent(lead.pmsLeadId)}/escalation`,
  );
  const prompt = await screen.findByRole('region', { name: 'Possible opt-out' });
  return { lead, server, prompt };
}

const decided = (status: 'OPTED_OUT' | 'DISMISSED'): ConversationEvent => ({
  ...flagged,
  data: { optOutReview: { status, byUserName: 'Dana Whitfield', at: '2026-11-20T15:00:00.000Z' } },
});

describe('possible opt-out prompt', () => {
  it('opts the lead out with one click: the composer locks and the contact facts say since when', async () => {
    const consentEvent = conversationEvent({
      _id: 'consent',
      eventType: 'CONSENT_CHANGE',
      senderType: 'USER',
      body: 'Opted out of texts by Dana Whitfield',
      date: '2026-11-20T15:00:00.000Z',
    });
    const { lead, server, prompt } = await openPane({
      event: decided('OPTED_OUT'),
      consentEvent,
      phoneOptStatus: 'OPT_OUT',
      consent: {
        sms: {
          channel: 'SMS',
          status: 'OPT_OUT',
          source: 'staff',
          at: '2026-11-20T15:00:00.000Z',
          timelineEventId: 'consent',
          message: null,
          actorName: 'Dana Whitfield',
        },
        email: null,
      },
    });
    expect(within(prompt).getByText('This may be an opt-out request')).toBeTruthy();
    fireEvent.click(within(prompt).getByRole('button', { name: 'Opt out of texts' }));

    expect(await screen.findByText("Can't send message - prospect is opted-out")).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Possible opt-out' })).toBeNull();
    expect(screen.getByText('Opted out of texts · Dana Whitfield')).toBeTruthy();
    expect(screen.getAllByText('Opted out of texts by Dana Whitfield').length).toBeGreaterThan(0);
    expect(
      screen.getAllByText(/Texts off since Nov 20, 2026 — by Dana Whitfield/).length,
    ).toBeGreaterThan(0);
    const [request] = server.requestsTo(apiPaths.leadOptOutReview(lead._id, flagged._id), 'POST');
    expect(request!.body).toEqual({ decision: 'OPT_OUT' });
  });

  it("dismisses it as 'Not an opt-out', leaving the composer open", async () => {
    const { lead, server, prompt } = await openPane({
      event: decided('DISMISSED'),
      consentEvent: null,
      phoneOptStatus: 'NO_INDICATION',
      consent: { sms: null, email: null },
    });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Not an opt-out' }));
    expect(await screen.findByText('Not an opt-out · Dana Whitfield')).toBeTruthy();
    expect(screen.queryByText("Can't send message - prospect is opted-out")).toBeNull();
    const [request] = server.requestsTo(apiPaths.leadOptOutReview(lead._id, flagged._id), 'POST');
    expect(request!.body).toEqual({ decision: 'NOT_OPT_OUT' });
  });
});
