import { apiPaths, bookingLinkSchema } from '@leasing/contract';
import type { BookingLink } from '@leasing/contract';
import { apiRequest } from '../../../lib/api-client';

/** The lead's own booking page link: it books that lead without a texted code. */
export function getBookingLink(leadId: string): Promise<BookingLink> {
  return apiRequest(apiPaths.leadBookingLink(leadId), { schema: bookingLinkSchema });
}

/** What 'Send booking link' writes in the message, to be read and sent like any text. */
export function bookingLinkMessage(url: string, firstName: string | null): string {
  return `${firstName ? `Hi ${firstName}! ` : ''}Pick a time for your tour here: ${url}`;
}
