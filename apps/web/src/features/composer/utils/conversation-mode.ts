import type { Lead } from '@leasing/contract';

/** The channel the composer sends on. */
export type ConversationMode = 'SMS' | 'EMAIL';

export type ModeLead = Pick<
  Lead,
  'phone' | 'email' | 'phoneOptStatus' | 'emailOptStatus' | 'companyRegisteredLeasingEmail'
>;

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

function smsUnavailable(lead: ModeLead): string | null {
  if (!lead.phone) return 'The prospect has no phone number';
  if (lead.phoneOptStatus === 'OPT_OUT') return 'The prospect opted out of text messages';
  return null;
}

function emailUnavailable(lead: ModeLead): string | null {
  if (!lead.email) return 'The prospect has no email address';
  if (lead.emailOptStatus === 'OPT_OUT') return 'The prospect opted out of email';
  if (!lead.companyRegisteredLeasingEmail) {
    return 'Email service is not enabled: your company has no registered leasing email';
  }
  return null;
}

/**
 * Which modes the composer may use for a lead, the one it opens in, and why it is read-only when
 * none is usable. SMS comes first; email needs the lead's address, their consent and the company's
 * leasing address.
 */
export function getConversationModes(lead: ModeLead): ConversationModes {
  const unavailable = { SMS: smsUnavailable(lead), EMAIL: emailUnavailable(lead) };
  const start = unavailable.SMS === null ? 'SMS' : unavailable.EMAIL === null ? 'EMAIL' : null;
  return { start, unavailable, readOnlyReason: start === null ? readOnlyReason(lead) : null };
}

/** Only called when neither mode is usable. */
function readOnlyReason(lead: ModeLead): string {
  if (!lead.phone && !lead.email) return READ_ONLY_PHONE_MISSING;
  // Every contact the lead gave has said no to it.
  const phoneRefused = !lead.phone || lead.phoneOptStatus === 'OPT_OUT';
  const emailRefused = !lead.email || lead.emailOptStatus === 'OPT_OUT';
  if (phoneRefused && emailRefused) return READ_ONLY_OPTED_OUT;
  // What is left is an email the lead accepts, and a company that cannot send email.
  return READ_ONLY_EMAIL_NOT_ENABLED;
}
