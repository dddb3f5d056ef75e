import { formatCents } from '../../lib/format-money.js';
import { formatZonedDateTime, formatZonedDay } from '../../lib/format-zoned.js';

/** A calendar day (YYYY-MM-DD) as "Dec 1, 2026", whatever the server's zone. */
export const formatDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** Today's date (YYYY-MM-DD) in a time zone. */
export const todayIn = (timeZone: string, now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

export type PaymentMessageInput = {
  leadName: string;
  companyName: string;
  amountCents: number;
  currency: string;
  description: string;
  dueDate: string;
  expiresAt: Date;
  url: string;
  /** The property's zone: the payer's is unknown, so the email names it with every date and time. */
  timeZone: string;
};

export const paymentSmsText = (input: PaymentMessageInput) =>
  `Hi ${firstName(input.leadName)}, here is your secure link to pay ` +
  `${formatCents(input.amountCents, input.currency)} for ${input.description}, due ` +
  `${formatDay(input.dueDate)}: ${input.url}`;

export const paymentEmailSubject = (input: Pick<PaymentMessageInput, 'description'>) =>
  `Payment request: ${input.description}`;

export const paymentEmailText = (input: PaymentMessageInput) =>
  [
    `Hi ${firstName(input.leadName)},`,
    '',
    `${input.companyName} has sent you a secure link to pay ` +
      `${formatCents(input.amountCents, input.currency)} for ${input.description}, due ` +
      `${formatZonedDay(input.dueDate, input.timeZone)}:`,
    '',
    input.url,
    '',
    `The link works until ${formatZonedDateTime(input.expiresAt, input.timeZone)}. ` +
      'If you have a question, just reply to this email.',
  ].join('\n');
