import type { CompanyRow } from '../../db/schema/index.js';
import { formatPhone } from '../../lib/phone-numbers.js';

type ReplyCompany = Pick<CompanyRow, 'name' | 'contactPhone' | 'registeredLeasingEmail'>;

export const optOutConfirmation = (company: ReplyCompany) =>
  `${company.name}: You're unsubscribed and will get no more texts from us. Reply START to subscribe again.`;

export const optInConfirmation = (company: ReplyCompany) =>
  `${company.name}: You're subscribed again and will get texts from us. Reply HELP for help, STOP to opt out.`;

/** Carriers require an answer to HELP naming who is texting and how to reach them. */
export const helpReply = (company: ReplyCompany) => {
  const contacts = [
    company.contactPhone ? `call ${formatPhone(company.contactPhone)}` : undefined,
    company.registeredLeasingEmail ? `email ${company.registeredLeasingEmail}` : undefined,
  ].filter(Boolean);
  const reach =
    contacts.length > 0
      ? `For help, ${contacts.join(' or ')}.`
      : 'For help, reply here and our leasing team will answer.';
  return `${company.name} leasing team: ${reach} Msg & data rates may apply. Reply STOP to opt out.`;
};
