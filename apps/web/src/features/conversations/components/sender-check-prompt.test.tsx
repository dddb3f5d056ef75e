import { apiPaths } from '@leasing/contract';
import type { ConversationEvent, Lead } from '@leasing/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { stubRoutes } from '../../../testing/fake-server';
import { conversationEvent, demoUser, lead as leadFixture } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { stubTimelineLayout } from '../../../testing/stub-layout';

const email = (id: string, data: ConversationEvent['data']) =>
  conversationEvent({
    _id: id,
    eventType: 'EMAIL',
    subject: 'About the tour',
    body: `Message ${id}`,
    data,
  });

const held = email('held', { senderVerified: false });
const confirmed: ConversationEvent = {
  ...held,
  data: {
    senderVerified: false,
    senderConfirmed: { byUserName: 'Dana Whitfield', at: '2026-11-20T15:00:00.000Z' },
  },
};

function openPane(conversations: ConversationEvent[]) {
  startSession('token');
  stubTimelineLayout();
  const lead: Lead = leadFixture({ conversations });
  let current = lead;
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.lead(lead.propertyID, lead.pmsLeadId)}`]: () => ({ body: current }),
    [`POST ${apiPaths.leadSenderConfirmation(lead._id, held._id)}`]: () => {
      current = { ...lead, conversations: [confirmed] };
      return { body: confirmed };
    },
  });
  renderApp(
    `/properties/${lead.propertyID}/leads/${encodeURIComponent(lead.pmsLeadId)}/escalation`,
  );
  return { lead, server };
}

describe('sender checks on a lead’s email', () => {
  it("marks an email that failed them and makes it a reply with 'Confirm sender'", async () => {
    const { lead, server } = openPane([held]);
    const prompt = await screen.findByRole('region', { name: 'Sender not verified' });
    expect(
      screen.getByLabelText('Sender not verified: this email may not be from the lead'),
    ).toBeTruthy();
    fireEvent.click(within(prompt).getByRole('button', { name: 'Confirm sender' }));

    expect(await screen.findByText('Sender confirmed · Dana Whitfield')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Sender not verified' })).toBeNull();
    expect(
      server.requestsTo(apiPaths.leadSenderConfirmation(lead._id, held._id), 'POST'),
    ).toHaveLength(1);
  });

  it('says when the sender could not be verified, and nothing of a verified one', async () => {
    openPane([
      email('unknown', { senderVerified: null }),
      email('verified', { senderVerified: true }),
    ]);
    expect(await screen.findByText('Message verified')).toBeTruthy();
    expect(screen.getAllByText('Sender could not be verified')).toHaveLength(1);
    expect(screen.queryByText('Sender not verified')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm sender' })).toBeNull();
  });
});
