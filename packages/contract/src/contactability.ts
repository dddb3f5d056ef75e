import type { OptStatus } from './consent.js';

/**
 * Whether a lead can be reached on each channel, and if not why: one answer for the composer, the
 * payment-link dialog and the server's send checks, so they cannot disagree. Each side turns the
 * codes into its own words.
 */
export const contactChannels = ['SMS', 'EMAIL'] as const;
export type ContactChannel = (typeof contactChannels)[number];

export const contactRefusalReasons = [
  /** SMS: the lead has no phone number. */
  'NO_PHONE',
  /** EMAIL: the lead has no email address. */
  'NO_EMAIL',
  /** The lead said no to this channel (STOP, unsubscribe). */
  'OPTED_OUT',
  /** EMAIL: the company has no registered leasing address to send from. */
  'EMAIL_NOT_ENABLED',
] as const;
export type ContactRefusalReason = (typeof contactRefusalReasons)[number];

/** What is known of the lead's contacts; a Lead or LeadSummary has these fields. */
export type ContactFacts = {
  phone: string | null;
  email: string | null;
  phoneOptStatus: OptStatus;
  emailOptStatus: OptStatus;
};

export type ContactContext = {
  /** Whether the lead's company can send email (it has a registered leasing email). */
  emailEnabled: boolean;
};

/** `reasons` is empty exactly when `allowed`; every reason that holds is listed. */
export type ChannelContactability = { allowed: boolean; reasons: ContactRefusalReason[] };
export type Contactability = Record<ContactChannel, ChannelContactability>;

const answer = (reasons: (ContactRefusalReason | false)[]): ChannelContactability => {
  const held = reasons.filter((reason): reason is ContactRefusalReason => reason !== false);
  return { allowed: held.length === 0, reasons: held };
};

/**
 * Which channels may carry a message to the lead. The reasons come in the order the composer
 * explains them (what is missing before what was refused); a caller that names one names the first.
 */
export function getContactability(facts: ContactFacts, context: ContactContext): Contactability {
  return {
    SMS: answer([!facts.phone && 'NO_PHONE', facts.phoneOptStatus === 'OPT_OUT' && 'OPTED_OUT']),
    EMAIL: answer([
      !facts.email && 'NO_EMAIL',
      facts.emailOptStatus === 'OPT_OUT' && 'OPTED_OUT',
      !context.emailEnabled && 'EMAIL_NOT_ENABLED',
    ]),
  };
}
