import type { ConsentRecord } from '@leasing/contract';

const QUOTE_MAX = 40;

const quote = (text: string) => {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  return `“${trimmed.length > QUOTE_MAX ? `${trimmed.slice(0, QUOTE_MAX - 1)}…` : trimmed}”`;
};

/** How the change came about, in a few words: "replied STOP", "by Dana Whitfield". */
export function consentHow(record: ConsentRecord): string {
  switch (record.source) {
    case 'sms_keyword':
      return record.message ? `replied ${record.message.trim().toUpperCase()}` : 'replied by text';
    case 'sms_phrase':
      return record.message ? `texted ${quote(record.message)}` : 'asked by text';
    case 'staff':
      return record.actorName ? `by ${record.actorName}` : 'by staff';
    case 'email_one_click':
      return 'unsubscribe link in an email';
    case 'integration':
      return 'set by an integration';
    case 'carrier':
      return 'the carrier reported an opt-out';
    case 'booking_page':
      return 'agreed when booking a tour';
  }
}
