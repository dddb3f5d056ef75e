import type { HeaderValue, ParsedMail, StructuredHeader } from 'mailparser';
import { messageIdsIn, parseFieldBlock } from './mail-headers.js';

/** What a delivery-status notification (RFC 3464) says about the one recipient it reports on. */
export type DeliveryReport = {
  /** Enhanced status code, `5.1.1`. */
  status: string | null;
  /** `failed`, `delayed`, `delivered`, `relayed` or `expanded`. */
  action: string | null;
  recipient: string | null;
  /** The remote server's own words, `550 5.1.1 User unknown`. */
  diagnostic: string | null;
};

export type ParsedDeliveryReport = {
  report: DeliveryReport;
  /** Message-IDs of the returned message, the best evidence of which message bounced. */
  returnedMessageIds: string[];
};

const STATUS_PARTS = new Set(['message/delivery-status', 'message/global-delivery-status']);
const RETURNED_PARTS = new Set([
  'message/rfc822',
  'text/rfc822-headers',
  'message/global',
  'message/global-headers',
]);

/** `rfc822; a@b.example` → `a@b.example`: the type prefix says nothing a person needs. */
const withoutType = (value: string | undefined) => {
  if (!value) return null;
  const semicolon = value.indexOf(';');
  return (semicolon >= 0 ? value.slice(semicolon + 1) : value).trim() || null;
};

const parseStatusFields = (text: string): DeliveryReport => {
  const groups = text
    .replace(/\r\n/g, '\n')
    .split(/\n[ \t]*\n/)
    .map(parseFieldBlock);
  const recipients = groups.slice(1).filter((group) => group.has('action'));
  // A report on several recipients: the failure is what matters to the lead's timeline.
  const chosen =
    recipients.find((group) => group.get('action')?.toLowerCase() === 'failed') ??
    recipients[0] ??
    new Map<string, string>();
  return {
    status: chosen.get('status')?.match(/\d\.\d{1,3}\.\d{1,3}/)?.[0] ?? null,
    action: chosen.get('action')?.toLowerCase() ?? null,
    recipient: withoutType(chosen.get('final-recipient') ?? chosen.get('original-recipient')),
    diagnostic: withoutType(chosen.get('diagnostic-code')),
  };
};

const isStructured = (value: HeaderValue | undefined): value is StructuredHeader =>
  typeof value === 'object' &&
  value !== null &&
  'value' in value &&
  typeof value.value === 'string' &&
  'params' in value;

/**
 * A `multipart/report; report-type=delivery-status` message read as a bounce: its status part and
 * the Message-ID of the message it returns. Undefined for any other message. The mail must have
 * been parsed with `keepDeliveryStatus`, so the status part is an attachment and not body text.
 */
export const parseDeliveryReport = (mail: ParsedMail): ParsedDeliveryReport | undefined => {
  const contentType = mail.headers.get('content-type');
  if (!isStructured(contentType)) return undefined;
  if (contentType.value.toLowerCase() !== 'multipart/report') return undefined;
  if (contentType.params['report-type']?.toLowerCase() !== 'delivery-status') return undefined;

  const statusPart = mail.attachments.find((part) =>
    STATUS_PARTS.has(part.contentType.toLowerCase()),
  );
  const returned = mail.attachments.find((part) =>
    RETURNED_PARTS.has(part.contentType.toLowerCase()),
  );
  const returnedHeaders = returned
    ? parseFieldBlock(returned.content.toString('utf8').split(/\r?\n\r?\n/)[0] ?? '')
    : new Map<string, string>();
  const returnedId = returnedHeaders.get('message-id');
  return {
    report: statusPart
      ? parseStatusFields(statusPart.content.toString('utf8'))
      : { status: null, action: null, recipient: null, diagnostic: null },
    returnedMessageIds: returnedId ? messageIdsIn([returnedId]) : [],
  };
};

/** A permanent failure: the address takes no mail, so further mail to it is pointless. */
export const isHardBounce = (report: DeliveryReport) =>
  report.action === 'failed' || Boolean(report.status?.startsWith('5'));
