/**
 * Every error the API answers, by its code. The rule: the contract lists each code with its one
 * HTTP status; the server throws only these codes and reads the status from here (so a code and
 * its status never disagree); the web decides what to do from `error.code`, typed as these codes
 * and the client's own (`clientErrorCodes`), never from the message, which is the sentence shown to
 * people and may change at any time. A new error is a new entry here first. A second meaning of a
 * code that needs another status is another code.
 */
export const errorCodes = {
  /* ---------- any route: requests the server cannot read or take ---------- */
  VALIDATION: {
    status: 400,
    description: 'A field is wrong; details name each one (`body.leadID`) and what is wrong.',
  },
  BAD_REQUEST: {
    status: 400,
    description:
      'The request cannot be read: malformed JSON or URL, an empty JSON body, a broken upload.',
  },
  UNAUTHORIZED: {
    status: 401,
    description: 'No valid credential (session token, API key, secure link): sign in or send one.',
  },
  FORBIDDEN: { status: 403, description: 'The credential is valid but may not do this.' },
  NOT_FOUND: {
    status: 404,
    description: 'No such route or record, or none the caller may see; the message names which.',
  },
  NOT_ACCEPTABLE: {
    status: 406,
    description: 'A route that takes files got a body that is not multipart (or a bad JSON part).',
  },
  CONFLICT: {
    status: 409,
    description: 'The record is not in a state that allows this (e.g. a message retried twice).',
  },
  PRECONDITION_FAILED: {
    status: 412,
    description: "A static file's If-Match or If-Unmodified-Since does not hold.",
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    description: 'The body, or a file or the number of parts of an upload, is over the limit.',
  },
  URI_TOO_LONG: { status: 414, description: 'A path parameter is longer than the server reads.' },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    description: 'The Content-Type of the body is not one this route reads.',
  },
  RANGE_NOT_SATISFIABLE: {
    status: 416,
    description: "A static file's Range header asks for bytes the file does not have.",
  },
  RATE_LIMITED: {
    status: 429,
    description: 'Too many requests (sign-ins, sends, API calls); Retry-After says when to retry.',
  },
  INTERNAL: {
    status: 500,
    description: 'Something failed on the server; it is logged, and the message says nothing more.',
  },

  /* ---------- sign-in, team, API keys ---------- */
  INVALID_CREDENTIALS: { status: 401, description: 'The email or password is wrong.' },
  MISSING_SCOPE: {
    status: 403,
    description: 'The API key lacks a scope the route needs; the message names it.',
  },
  EMAIL_TAKEN: { status: 409, description: 'The email already has an account.' },
  LAST_ADMIN: {
    status: 409,
    description: 'The change would leave the company without an active admin.',
  },
  SELF_DEACTIVATION: { status: 409, description: 'A person cannot deactivate themselves.' },
  INVITATION_USED: { status: 410, description: 'The invitation was accepted or revoked.' },
  INVITATION_EXPIRED: { status: 410, description: 'The invitation is past its expiry.' },

  /* ---------- sending messages ---------- */
  SEND_REFUSED: {
    status: 400,
    description: 'The message may not go to this lead (opted out, no address, channel off).',
  },
  TEMPLATE_FIELD_MISSING: {
    status: 400,
    description: 'A merge field of the template is empty for this lead; details name each.',
  },
  SEND_NOW_FORBIDDEN: {
    status: 403,
    description: "The company's policy forbids sending a text now, outside the allowed hours.",
  },
  QUIET_HOURS: {
    status: 409,
    description:
      "It is outside the lead's allowed hours; the body has the lead's clock (ask first).",
  },
  SLOT_TAKEN: {
    status: 409,
    description:
      'Every place of the tour slot was taken first; `nextSlots` has the next free ones of its type.',
  },
  TOUR_ALREADY_BOOKED: {
    status: 409,
    description: 'The lead has a tour ahead already: reschedule or cancel that one.',
  },
  STALE_DRAFT: {
    status: 409,
    description: 'Activity came since the draft was started; the body lists the new events.',
  },
  SENDER_INACTIVE: {
    status: 409,
    description: 'A scheduled message would go under the name of a deactivated person.',
  },
  NOT_SCHEDULED: {
    status: 409,
    description: 'The message is no longer scheduled (sent or cancelled).',
  },
  NO_SMS_NUMBER: { status: 409, description: 'The company has no SMS number to text from.' },

  /* ---------- leads, timeline, inbound ---------- */
  NO_DECISION: { status: 409, description: 'The lead has no office decision to complete.' },
  DECISION_NOT_COMPLETED: { status: 409, description: 'The office decision is not completed.' },
  UNDO_WINDOW_PASSED: {
    status: 409,
    description: 'The completed decision is past the minute in which it may be reopened.',
  },
  NO_TOUR_OUTCOME_PENDING: {
    status: 409,
    description: 'The lead has no past tour waiting for its outcome.',
  },
  LOST_REASON_EXISTS: { status: 409, description: 'A lost reason with this name already exists.' },
  LEAD_SOURCE_EXISTS: { status: 409, description: 'A lead source with this name already exists.' },
  ALREADY_RESOLVED: {
    status: 409,
    description: 'Someone already resolved this unmatched message.',
  },
  MEDIA_PENDING: {
    status: 409,
    description: "The unmatched message's pictures are still downloading; try again shortly.",
  },
  UNMATCHED: {
    status: 409,
    description:
      'A simulated reply matched no lead and was kept as unmatched; the message says why.',
  },
  ALREADY_DECIDED: {
    status: 409,
    description: 'The message is no longer waiting for an opt-out decision.',
  },
  NO_MAILBOX: {
    status: 422,
    description: 'No recipient of an inbound email is a registered leasing address.',
  },

  /* ---------- integrations, webhooks, numbers ---------- */
  BAD_SIGNATURE: { status: 403, description: 'A Twilio webhook is not signed by Twilio.' },
  BAD_SECRET: {
    status: 403,
    description: 'An inbound-email webhook does not carry the right secret header.',
  },
  SMS_NUMBER_TAKEN: {
    status: 409,
    description: 'The SMS number is already the number of another property.',
  },
  EXTERNAL_ID_TAKEN: {
    status: 409,
    description: 'The external id was already appended to another lead.',
  },
  TOO_MANY_ENDPOINTS: {
    status: 409,
    description: 'The company has the most webhook endpoints allowed.',
  },
  NUMBER_UNAVAILABLE: {
    status: 409,
    description: "The number is taken, recently released, or not one of the deployment's own.",
  },
  SHARED_NUMBER: { status: 409, description: "The deployment's shared number cannot be removed." },
  NUMBER_IN_USE: {
    status: 409,
    description: 'Properties still text from the number; the message names them.',
  },
  NUMBER_LIMIT: {
    status: 429,
    description: 'The company added the most numbers allowed in a day; Retry-After says when.',
  },
  RECORDING_UNAVAILABLE: {
    status: 502,
    description: "Twilio did not hand over a call's recording; try again shortly.",
  },
  NO_AGENT_PHONE: {
    status: 409,
    description: 'The person placing a call has no phone of their own in their profile.',
  },
  NO_LEAD_PHONE: { status: 409, description: 'The lead has no phone number to call.' },
  NO_PROPERTY_NUMBER: {
    status: 409,
    description: "The lead's property has no number to call from (the lead's caller ID).",
  },
  CALLS_UNAVAILABLE: {
    status: 409,
    description: 'Calls cannot be placed without Twilio credentials (the sandbox simulates them).',
  },
  CALL_REFUSED: {
    status: 502,
    description: 'Twilio refused to place the call, or could not be reached; the message says why.',
  },
  NUMBER_CHECK_FAILED: {
    status: 503,
    description: 'Twilio could not be asked whether the deployment owns the number.',
  },

  /* ---------- payments ---------- */
  BAD_PAYMENT_WEBHOOK_SIGNATURE: {
    status: 400,
    description: "A payment provider's webhook whose signature does not prove its payload.",
  },
  CARD_DECLINED: {
    status: 402,
    description: "The card was declined; the message is the provider's reason.",
  },
  PAYMENT_LINK_INVALID: { status: 404, description: 'The payment link is forged or unknown.' },
  PAYMENT_LINK_PAID: { status: 409, description: 'The payment link has already been paid.' },
  PAYMENT_LINKS_OFF: {
    status: 409,
    description: 'Payment links are off on this server (no payment host is configured).',
  },
  PAYMENTS_NOT_SET_UP: {
    status: 409,
    description: 'Staff cannot create a link: no payment provider is set up to take its payment.',
  },
  WRONG_PROVIDER: {
    status: 409,
    description: "The payment is taken another way here (card form or Stripe's page).",
  },
  PAYMENT_LINK_EXPIRED: { status: 410, description: 'The payment link has expired.' },
  PAYMENTS_UNAVAILABLE: {
    status: 503,
    description: 'The payer cannot pay online here: the payment host has no payment provider.',
  },
} as const satisfies Record<string, { status: number; description: string }>;

/** A code the server answers with. */
export type ErrorCode = keyof typeof errorCodes;

/** Every server code, for `z.enum` and for checks that a string is one. */
export const errorCodeList = Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]];

export const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && Object.hasOwn(errorCodes, code);

/** The HTTP status the server answers a code with. */
export const statusOfErrorCode = (code: ErrorCode): number => errorCodes[code].status;

/**
 * Codes the web client makes up itself, for what never was a server's answer. They have no HTTP
 * status of their own (`NETWORK_ERROR` is status 0, the others keep the status received).
 */
export const clientErrorCodes = {
  NETWORK_ERROR: { description: 'The server could not be reached (offline, connection refused).' },
  INVALID_RESPONSE: {
    description: 'The server answered a body this app could not read as the expected shape.',
  },
  HTTP_ERROR: {
    description: "An error answer that is not the API's JSON (a proxy's page, an empty body).",
  },
} as const satisfies Record<string, { description: string }>;

export type ClientErrorCode = keyof typeof clientErrorCodes;

/** What the web's errors carry: a server's code or one of the client's own. */
export type AnyErrorCode = ErrorCode | ClientErrorCode;
