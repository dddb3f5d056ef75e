import { apiPaths } from '@leasing/contract';
import type { ConversationEvent } from '@leasing/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { stubRoutes } from '../../../testing/fake-server';
import {
  conversationEvent,
  demoUser,
  lead as leadFixture,
  paymentLinkEvent,
} from '../../../testing/fixtures';
import { isViewersClock } from '../../../lib/format-zoned';
import { viewerTimeZone } from '../../../lib/viewer-time-zone';
import { renderApp } from '../../../testing/render-app';
import { stubTimelineLayout } from '../../../testing/stub-layout';

/**
 * Opens the pane of a lead whose events (oldest first) are `events`, at a property on the viewer's
 * own clock unless `propertyTimeZone` says another.
 */
async function openTimeline(
  events: ConversationEvent[],
  propertyTimeZone: string = viewerTimeZone(),
) {
  startSession('token');
  stubTimelineLayout();
  const lead = leadFixture({ conversations: [...events].reverse(), propertyTimeZone });
  stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.lead(lead.propertyID, lead.pmsLeadId)}`]: { body: lead },
    [`POST /api/leads/${lead._id}/read`]: { status: 204 },
  });
  renderApp(
    `/properties/${lead.propertyID}/leads/${encodeURIComponent(lead.pmsLeadId)}/escalation`,
  );
  await screen.findByRole('region', { name: 'Conversation timeline' });
}

function row(id: string) {
  const element = document.querySelector<HTMLElement>(`[data-event-id="${id}"]`);
  if (!element) throw new Error(`No row for event ${id}`);
  return within(element);
}

describe('payment link events on the timeline', () => {
  it('shows each moment of a link by its stage, with what it is for and when it is due', async () => {
    await openTimeline([
      paymentLinkEvent('SENT', { _id: 'sent', eventByUserName: 'Dana Agent' }),
      paymentLinkEvent('OPENED', {
        _id: 'opened',
        body: 'The lead opened the payment link.',
      }),
      paymentLinkEvent(
        'PAID',
        {
          _id: 'paid',
          senderType: 'LEAD',
          senderName: 'Jordan Prospect',
          body: 'Paid $1,650.00 for December rent',
        },
        { cardBrand: 'visa', cardLast4: '4242' },
      ),
      paymentLinkEvent(
        'EXPIRED',
        { _id: 'expired', body: 'The payment link expired unpaid.' },
        { channel: 'EMAIL' },
      ),
      paymentLinkEvent('SENT', { _id: 'sent-by-email' }, { channel: 'EMAIL' }),
    ]);

    expect(row('sent').getByText('Payment link sent')).toBeTruthy();
    expect(row('sent').getByText('· $1,650.00')).toBeTruthy();
    expect(row('sent').getByText('· by SMS')).toBeTruthy();
    expect(row('sent').getByText('December rent · due Dec 1, 2026')).toBeTruthy();
    expect(row('sent').getByText(/by Dana Agent/)).toBeTruthy();
    expect(row('sent').queryByText(/Payment link for/)).toBeNull();
    expect(row('sent-by-email').getByText('· by email')).toBeTruthy();

    expect(row('opened').getByText('Payment link opened')).toBeTruthy();
    expect(row('opened').getByText('December rent · due Dec 1, 2026')).toBeTruthy();

    expect(row('paid').getByText('Payment received')).toBeTruthy();
    expect(row('paid').getByText('· $1,650.00')).toBeTruthy();
    expect(row('paid').getByText('· Visa •••• 4242')).toBeTruthy();

    expect(row('expired').getByText('Payment link expired')).toBeTruthy();
    expect(row('expired').getByText('December rent · due Dec 1, 2026')).toBeTruthy();
  });

  it("names the property's zone of the due date for a viewer on another clock", async () => {
    const elsewhere = isViewersClock('2026-12-01T12:00:00Z', 'America/Chicago')
      ? 'Asia/Tokyo'
      : 'America/Chicago';
    await openTimeline([paymentLinkEvent('SENT', { _id: 'sent' })], elsewhere);
    const zone = elsewhere === 'Asia/Tokyo' ? 'Japan Standard' : 'Central';
    expect(row('sent').getByText(`December rent · due Dec 1, 2026 (${zone} time)`)).toBeTruthy();
  });

  it('leaves other payments as they were', async () => {
    await openTimeline([
      conversationEvent({
        _id: 'payment',
        eventType: 'PAYMENT',
        senderType: 'SYSTEM',
        senderName: null,
        body: 'Payment received: December rent',
        data: { amount: 1650, currency: 'USD' },
      }),
      conversationEvent({
        _id: 'odd-payment',
        eventType: 'PAYMENT',
        senderType: 'SYSTEM',
        senderName: null,
        body: 'Imported from the PMS',
        data: { amount: 75, currency: 'USD', paymentLink: { stage: 'SOMETHING_ELSE' } },
      }),
    ]);

    expect(row('payment').getByText('Payment')).toBeTruthy();
    expect(row('payment').getByText('· $1,650.00')).toBeTruthy();
    expect(row('payment').getByText('Payment received: December rent')).toBeTruthy();
    expect(row('odd-payment').getByText('Payment')).toBeTruthy();
    expect(row('odd-payment').getByText('· $75.00')).toBeTruthy();
    expect(row('odd-payment').getByText('Imported from the PMS')).toBeTruthy();
  });
});
