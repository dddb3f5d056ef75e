import { QueryClient } from '@tanstack/react-query';
import type { NewConversationDelivery } from '@leasing/contract';
import { describe, expect, it } from 'vitest';
import { conversationEvent, leadSummary } from '../../../testing/fixtures';
import { getLeadPaymentLinksQueryKey } from './get-lead-payment-links';
import { refreshPaymentLinksOnDelivery } from './live-updates';

const delivery = (eventType: 'PAYMENT' | 'SMS'): NewConversationDelivery => ({
  lead: leadSummary(),
  events: [conversationEvent({ eventType })],
});

describe('payment links, live', () => {
  it("reloads the lead's links when one of its PAYMENT events arrives, not for a text", () => {
    const queryClient = new QueryClient();
    const key = getLeadPaymentLinksQueryKey(leadSummary()._id);
    queryClient.setQueryData(key, { enabled: true, amountDue: null, links: [] });

    refreshPaymentLinksOnDelivery(queryClient, delivery('SMS'));
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
    refreshPaymentLinksOnDelivery(queryClient, delivery('PAYMENT'));
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });
});
