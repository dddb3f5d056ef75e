import { getContactability } from '@leasing/contract';
import type { ContactRefusalReason, Lead } from '@leasing/contract';

export type PaymentChannel = 'SMS' | 'EMAIL';

/** Why each channel cannot carry the link to this lead; null when it can. */
export type UnavailableChannels = Record<PaymentChannel, string | null>;

export type ChannelLead = Pick<
  Lead,
  'phone' | 'email' | 'phoneOptStatus' | 'emailOptStatus' | 'companyRegisteredLeasingEmail'
>;

/** The dialog's words for each reason, the same the composer's mode buttons use. */
const REASON_TEXT: Record<PaymentChannel, Partial<Record<ContactRefusalReason, string>>> = {
  SMS: {
    NO_PHONE: 'The prospect has no phone number',
    OPTED_OUT: 'The prospect opted out of text messages',
  },
  EMAIL: {
    NO_EMAIL: 'The prospect has no email address',
    OPTED_OUT: 'The prospect opted out of email',
    EMAIL_NOT_ENABLED: 'Email service is not enabled: your company has no registered leasing email',
  },
};

/**
 * The link goes out through the normal send path, so the lead must be reachable on its channel
 * by the same rules as a message; the first reason (what is missing before what was refused) is
 * the one told.
 */
export function getUnavailableChannels(lead: ChannelLead): UnavailableChannels {
  const contactability = getContactability(lead, {
    emailEnabled: Boolean(lead.companyRegisteredLeasingEmail),
  });
  const reasonOf = (channel: PaymentChannel) => {
    const [first] = contactability[channel].reasons;
    return first === undefined ? null : (REASON_TEXT[channel][first] ?? null);
  };
  return { SMS: reasonOf('SMS'), EMAIL: reasonOf('EMAIL') };
}
