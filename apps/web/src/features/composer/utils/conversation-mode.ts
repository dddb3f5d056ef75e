import { getContactability } from '@leasing/contract';
import { consentHow } from '../../../lib/consent-how';
import type {
  ChannelContactability,
  ContactRefusalReason,
  Contactability,
  Lead,
} from '@leasing/contract';

/** The channel the composer sends on. */
export type ConversationMode = 'SMS' | 'EMAIL';

export type ModeLead = Pick<
  Lead,
  'phone' | 'email' | 'phoneOptStatus' | 'emailOptStatus' | 'companyRegisteredLeasingEmail'
> &
  /** For naming who turned texts off, and when: 'Texts are off: Noah replied STOP on Nov 20'. */
  Partial<Pick<Lead, 'name' | 'consent' | 'companyTimeZone'>>;

export type ConversationModes = {
  /** The mode the composer opens in; null when nothing can be sent (read-only composer). */
  start: ConversationMode | null;
  /** Why each mode cannot be used (its button's tooltip); null when it can. */
  unavailable: Record<ConversationMode, string | null>;
  /** Shown in place of a usable composer when `start` is null. */
  readOnlyReason: string | null;
};

export const READ_ONLY_OPTED_OUT = "Can't send message - prospect is opted-out";
export const READ_ONLY_EMAIL_NOT_ENABLED = "Can't send message - email service is not enabled";
export const READ_ONLY_PHONE_MISSING = "Can't send message - prospect phone is missing";

/** The composer's words for each reason a channel is closed, as its button's tooltip says it. */
const SMS_REASON_TEXT: Partial<Record<ContactRefusalReason, string>> = {
  NO_PHONE: 'The prospect has no phone number',
  OPTED_OUT: 'The prospect opted out of text messages',
};
const EMAIL_REASON_TEXT: Partial<Record<ContactRefusalReason, string>> = {
  NO_EMAIL: 'The prospect has no email address',
  OPTED_OUT: 'The prospect opted out of email',
  EMAIL_NOT_ENABLED: 'Email service is not enabled: your company has no registered leasing email',
};

/**
 * Why the SMS button is off for a lead who turned texts off, from the lead's consent record: who
 * and how and when: 'Texts are off: Noah replied STOP on Nov 20', 'Texts are off: Noah texted
 * “please stop texting me” on Nov 20', 'Texts are off since Nov 20: by Dana Whitfield'.
 */
export function textsOffReason({
  name,
  consent,
  companyTimeZone,
}: Pick<ModeLead, 'name' | 'consent' | 'companyTimeZone'>): string {
  const who = name?.trim().split(/\s+/)[0] || 'The prospect';
  const record = consent?.sms;
  if (!record || record.status !== 'OPT_OUT')
    return `Texts are off: ${who} opted out of text messages`;
  const day = new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: companyTimeZone,
  }).format(new Date(record.at));
  const how = consentHow(record);
  // The lead's own words name the lead; a person, a carrier or an integration is named by the how.
  return record.source === 'sms_keyword' || record.source === 'sms_phrase'
    ? `Texts are off: ${who} ${how} on ${day}`
    : `Texts are off since ${day}: ${how}`;
}

/** The first reason is the one told: what is missing before what was refused. */
function firstReasonText(
  { reasons }: ChannelContactability,
  texts: Partial<Record<ContactRefusalReason, string>>,
): string | null {
  const [first] = reasons;
  return first === undefined ? null : (texts[first] ?? null);
}

function getLeadContactability(lead: ModeLead): Contactability {
  return getContactability(lead, { emailEnabled: Boolean(lead.companyRegisteredLeasingEmail) });
}

/**
 * Which modes the composer may use for a lead, the one it opens in, and why it is read-only when
 * none is usable. SMS comes first; email needs the lead's address, their consent and the company's
 * leasing address.
 */
export function getConversationModes(lead: ModeLead): ConversationModes {
  const contactability = getLeadContactability(lead);
  const unavailable = {
    SMS: firstReasonText(contactability.SMS, {
      ...SMS_REASON_TEXT,
      OPTED_OUT: textsOffReason(lead),
    }),
    EMAIL: firstReasonText(contactability.EMAIL, EMAIL_REASON_TEXT),
  };
  const start = unavailable.SMS === null ? 'SMS' : unavailable.EMAIL === null ? 'EMAIL' : null;
  return {
    start,
    unavailable,
    readOnlyReason: start === null ? readOnlyReason(contactability) : null,
  };
}

/** Only called when neither mode is usable. */
function readOnlyReason({ SMS, EMAIL }: Contactability): string {
  if (SMS.reasons.includes('NO_PHONE') && EMAIL.reasons.includes('NO_EMAIL')) {
    return READ_ONLY_PHONE_MISSING;
  }
  // Every contact the lead gave has said no to it (SMS is closed only for a missing phone or a no).
  const emailRefused = EMAIL.reasons.includes('NO_EMAIL') || EMAIL.reasons.includes('OPTED_OUT');
  if (!SMS.allowed && emailRefused) return READ_ONLY_OPTED_OUT;
  // What is left is an email the lead accepts, and a company that cannot send email.
  return READ_ONLY_EMAIL_NOT_ENABLED;
}
