/**
 * Carrier and Twilio error codes in words a person understands, with what to do about each: one
 * table for the server (it writes them onto a failed message) and the console (the bubble, the
 * property's A2P banner). Codes not listed fall back to the provider's own text and the code.
 */
export type DeliveryFailure = {
  /** What happened, in plain words. */
  reason: string;
  /** What staff can do about it. */
  action: string;
};

/** Twilio's code for a text from a number not registered for A2P 10DLC. */
export const A2P_UNREGISTERED_ERROR_CODE = '30034';
/** Twilio's code for a text to a number that replied STOP. */
export const OPTED_OUT_ERROR_CODE = '21610';

export const DELIVERY_FAILURES: Readonly<Record<string, DeliveryFailure>> = {
  '30003': {
    reason: "The lead's phone is unreachable (switched off or out of coverage).",
    action: 'Retry later, or send an email instead.',
  },
  '30004': {
    reason: 'The message was blocked by the receiving carrier or by the lead.',
    action: 'Retrying will not help: reach the lead by email or phone.',
  },
  '30005': {
    reason: "The lead's number is unknown: it does not exist or is no longer in service.",
    action: 'Check the number with the lead and correct it in your property-management system.',
  },
  '30006': {
    reason: "The lead's number is a landline or cannot receive texts.",
    action: 'Call the lead, or send an email instead.',
  },
  '30007': {
    reason: 'The carrier filtered the message as spam.',
    action: 'Rephrase it (fewer links, no sales words) and retry, or send an email instead.',
  },
  '30008': {
    reason: 'The carrier could not deliver the message, for a reason it did not give.',
    action: 'Retry in a few minutes; if it fails again, send an email instead.',
  },
  [A2P_UNREGISTERED_ERROR_CODE]: {
    reason: 'The sending number is not registered for A2P 10DLC, so carriers block its texts.',
    action:
      "An admin must register the company's brand and a campaign for this number in Twilio; retry once it is approved.",
  },
  [OPTED_OUT_ERROR_CODE]: {
    reason: 'The lead has replied STOP to this number: they opted out of SMS.',
    action: 'Texts are off for this lead: reach them by email or phone.',
  },
  '21211': {
    reason: "The lead's phone number is not a valid phone number.",
    action: 'Correct the number in your property-management system, then retry.',
  },
  '21614': {
    reason: "The lead's number cannot receive SMS (it is not a mobile number).",
    action: 'Call the lead, or send an email instead.',
  },
};

/**
 * The words for a failure: the table's for a known code; otherwise the provider's text, with its
 * code when there is one, and no advice.
 */
export function describeDeliveryFailure(
  code: string | null | undefined,
  providerText: string,
): { reason: string; action: string | null } {
  const known = code ? DELIVERY_FAILURES[code] : undefined;
  if (known) return known;
  return { reason: code ? `${providerText} (error ${code})` : providerText, action: null };
}
