import { createHash } from 'node:crypto';
import { simpleParser, type Attachment as MailAttachment } from 'mailparser';
import { isAutoSubmitted } from './auto-submitted.js';
import { parseDeliveryReport, type ParsedDeliveryReport } from './delivery-report.js';
import { addressesIn, headerValues, messageIdsIn } from './mail-headers.js';
import { sanitizeInboundHtml } from './sanitize-inbound-html.js';

/** An inbound email reduced to what the console keeps of it. */
export type InboundEmail = {
  /** The sender's Message-ID, or one made from the content when it has none. */
  messageId: string;
  subject: string | null;
  /** Plain text: the text part, or the HTML part's text rendering. */
  text: string;
  /** The HTML part, already sanitized (inert). */
  html: string | undefined;
  from: { address: string; name: string } | undefined;
  inReplyTo: string | undefined;
  references: string[];
  /** To, Cc, Delivered-To and X-Original-To: where the message says it was sent. */
  headerRecipients: string[];
  autoSubmitted: boolean;
  /** Set when the message is a delivery-status report (a bounce). */
  deliveryReport: ParsedDeliveryReport | undefined;
  /** Files of the message; a bounce's report parts are not among them. */
  attachments: MailAttachment[];
};

/** A long References chain is trimmed to its newest ids: enough to thread, bounded to look up. */
const MAX_REFERENCES = 50;

const TRACE_HEADERS = /^(?:received|return-path|delivered-to|x-original-to|x-received):/i;

/**
 * A stable id for a message without a Message-ID. Relays prepend their trace headers, so those are
 * left out of the hash: the same message delivered twice, by two routes, is still one message.
 */
const contentMessageId = (raw: Buffer) => {
  const text = raw.toString('latin1');
  const headerEnd = text.search(/\r?\n\r?\n/);
  const head = headerEnd >= 0 ? text.slice(0, headerEnd) : text;
  const body = headerEnd >= 0 ? text.slice(headerEnd) : '';
  const kept = head
    .split(/\r?\n(?![ \t])/)
    .filter((field) => !TRACE_HEADERS.test(field))
    .join('\n');
  const hash = createHash('sha256').update(kept, 'latin1').update(body, 'latin1').digest('hex');
  return `<${hash}@inbound.local>`;
};

const REPORT_PARTS = new Set([
  'message/delivery-status',
  'message/global-delivery-status',
  'message/rfc822',
  'text/rfc822-headers',
  'message/global',
  'message/global-headers',
]);

export const parseInboundEmail = async (raw: Buffer): Promise<InboundEmail> => {
  // cid: links stay as they are (they are resolved to stored attachments, not inlined as data:);
  // the delivery-status part stays a part, so a bounce can be read field by field.
  const mail = await simpleParser(raw, { keepCidLinks: true, keepDeliveryStatus: true });
  const lines = mail.headerLines;
  const deliveryReport = parseDeliveryReport(mail);
  const [from] =
    mail.from?.value.flatMap((entry) =>
      entry.address
        ? [{ address: entry.address.trim().toLowerCase(), name: entry.name.trim() }]
        : [],
    ) ?? [];
  const html = typeof mail.html === 'string' ? sanitizeInboundHtml(mail.html) : undefined;
  const messageId = messageIdsIn(headerValues(lines, 'message-id'))[0] ?? contentMessageId(raw);
  return {
    messageId,
    subject: mail.subject?.trim() || null,
    text: (mail.text ?? '').trim(),
    html: html || undefined,
    from,
    inReplyTo: messageIdsIn(headerValues(lines, 'in-reply-to'))[0],
    references: messageIdsIn(headerValues(lines, 'references')).slice(-MAX_REFERENCES),
    headerRecipients: addressesIn(
      ['to', 'cc', 'delivered-to', 'x-original-to'].flatMap((name) => headerValues(lines, name)),
    ),
    autoSubmitted: isAutoSubmitted(lines),
    deliveryReport,
    attachments: deliveryReport
      ? mail.attachments.filter((part) => !REPORT_PARTS.has(part.contentType.toLowerCase()))
      : mail.attachments,
  };
};
