import { describe, expect, it } from 'vitest';
import { getContactability } from './contactability.js';
import type { ContactFacts, Contactability } from './contactability.js';

const reachable: ContactFacts = {
  phone: '+15555550100',
  email: 'jordan@example.com',
  phoneOptStatus: 'OPT_IN',
  emailOptStatus: 'NO_INDICATION',
};
const allowed = { allowed: true, reasons: [] };

describe('getContactability', () => {
  const cases: [string, Partial<ContactFacts>, boolean, Contactability][] = [
    ['every channel open', {}, true, { SMS: allowed, EMAIL: allowed }],
    [
      'no phone',
      { phone: null },
      true,
      { SMS: { allowed: false, reasons: ['NO_PHONE'] }, EMAIL: allowed },
    ],
    [
      'an empty phone counts as none',
      { phone: '' },
      true,
      { SMS: { allowed: false, reasons: ['NO_PHONE'] }, EMAIL: allowed },
    ],
    [
      'opted out of SMS',
      { phoneOptStatus: 'OPT_OUT' },
      true,
      { SMS: { allowed: false, reasons: ['OPTED_OUT'] }, EMAIL: allowed },
    ],
    [
      'no phone and opted out of SMS',
      { phone: null, phoneOptStatus: 'OPT_OUT' },
      true,
      { SMS: { allowed: false, reasons: ['NO_PHONE', 'OPTED_OUT'] }, EMAIL: allowed },
    ],
    [
      'no email',
      { email: null },
      true,
      { SMS: allowed, EMAIL: { allowed: false, reasons: ['NO_EMAIL'] } },
    ],
    [
      'opted out of email',
      { emailOptStatus: 'OPT_OUT' },
      true,
      { SMS: allowed, EMAIL: { allowed: false, reasons: ['OPTED_OUT'] } },
    ],
    [
      'email not enabled for the company',
      {},
      false,
      { SMS: allowed, EMAIL: { allowed: false, reasons: ['EMAIL_NOT_ENABLED'] } },
    ],
    [
      'nothing reachable, every reason listed',
      { phone: null, email: null, phoneOptStatus: 'OPT_OUT', emailOptStatus: 'OPT_OUT' },
      false,
      {
        SMS: { allowed: false, reasons: ['NO_PHONE', 'OPTED_OUT'] },
        EMAIL: { allowed: false, reasons: ['NO_EMAIL', 'OPTED_OUT', 'EMAIL_NOT_ENABLED'] },
      },
    ],
    [
      'an opt-in or no indication allows',
      { phoneOptStatus: 'NO_INDICATION', emailOptStatus: 'OPT_IN' },
      true,
      { SMS: allowed, EMAIL: allowed },
    ],
  ];

  it.each(cases)('%s', (_name, facts, emailEnabled, expected) => {
    expect(getContactability({ ...reachable, ...facts }, { emailEnabled })).toEqual(expected);
  });
});
