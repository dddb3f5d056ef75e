import { describe, expect, it } from 'vitest';
import type { ConsentRecord } from '@leasing/contract';
import {
  getConversationModes,
  READ_ONLY_EMAIL_NOT_ENABLED,
  READ_ONLY_OPTED_OUT,
  READ_ONLY_PHONE_MISSING,
} from './conversation-mode';
import type { ModeLead } from './conversation-mode';

const reachable: ModeLead = {
  phone: '+15125550101',
  email: 'ava@example.com',
  phoneOptStatus: 'NO_INDICATION',
  emailOptStatus: 'NO_INDICATION',
  companyRegisteredLeasingEmail: 'leasing@example.com',
};

const lead = (overrides: Partial<ModeLead>): ModeLead => ({ ...reachable, ...overrides });

describe('getConversationModes', () => {
  it.each([
    ['phone and email', lead({}), 'SMS'],
    ['phone only', lead({ email: null }), 'SMS'],
    ['phone opted in explicitly', lead({ phoneOptStatus: 'OPT_IN' }), 'SMS'],
    ['phone, company without leasing email', lead({ companyRegisteredLeasingEmail: null }), 'SMS'],
    ['email only', lead({ phone: null }), 'EMAIL'],
    ['phone opted out, email', lead({ phoneOptStatus: 'OPT_OUT' }), 'EMAIL'],
    ['email opted out, phone', lead({ emailOptStatus: 'OPT_OUT' }), 'SMS'],
  ] as const)('%s: opens in %s', (_kind, input, mode) => {
    const modes = getConversationModes(input);
    expect(modes.start).toBe(mode);
    expect(modes.readOnlyReason).toBeNull();
  });

  it.each([
    ['no phone and no email', lead({ phone: null, email: null }), READ_ONLY_PHONE_MISSING],
    [
      'phone opted out, no email',
      lead({ email: null, phoneOptStatus: 'OPT_OUT' }),
      READ_ONLY_OPTED_OUT,
    ],
    [
      'email opted out, no phone',
      lead({ phone: null, emailOptStatus: 'OPT_OUT' }),
      READ_ONLY_OPTED_OUT,
    ],
    [
      'both opted out',
      lead({ phoneOptStatus: 'OPT_OUT', emailOptStatus: 'OPT_OUT' }),
      READ_ONLY_OPTED_OUT,
    ],
    [
      'email only, company without leasing email',
      lead({ phone: null, companyRegisteredLeasingEmail: null }),
      READ_ONLY_EMAIL_NOT_ENABLED,
    ],
    [
      'phone opted out, email usable but company without leasing email',
      lead({ phoneOptStatus: 'OPT_OUT', companyRegisteredLeasingEmail: null }),
      READ_ONLY_EMAIL_NOT_ENABLED,
    ],
    [
      'email opted out, no phone, company without leasing email',
      lead({ phone: null, emailOptStatus: 'OPT_OUT', companyRegisteredLeasingEmail: null }),
      READ_ONLY_OPTED_OUT,
    ],
  ] as const)('%s: read-only, "%s"', (_kind, input, reason) => {
    const modes = getConversationModes(input);
    expect(modes.start).toBeNull();
    expect(modes.readOnlyReason).toBe(reason);
  });

  it('says why each unusable mode cannot be chosen', () => {
    expect(getConversationModes(lead({ phone: null })).unavailable).toEqual({
      SMS: 'The prospect has no phone number',
      EMAIL: null,
    });
    expect(
      getConversationModes(lead({ phoneOptStatus: 'OPT_OUT', emailOptStatus: 'OPT_OUT' }))
        .unavailable,
    ).toEqual({
      SMS: 'Texts are off: The prospect opted out of text messages',
      EMAIL: 'The prospect opted out of email',
    });
    expect(
      getConversationModes(lead({ email: null, companyRegisteredLeasingEmail: null })).unavailable
        .EMAIL,
    ).toBe('The prospect has no email address');
    expect(
      getConversationModes(lead({ companyRegisteredLeasingEmail: null })).unavailable.EMAIL,
    ).toBe('Email service is not enabled: your company has no registered leasing email');
  });

  it("says who turned texts off, and how and when, from the lead's consent record", () => {
    const record = (overrides: Partial<ConsentRecord>): ConsentRecord => ({
      channel: 'SMS',
      status: 'OPT_OUT',
      source: 'sms_keyword',
      at: '2026-11-20T18:00:00.000Z',
      timelineEventId: null,
      message: 'stop',
      actorName: null,
      ...overrides,
    });
    const noah = (sms: ConsentRecord | null) =>
      lead({
        name: 'Noah Kim',
        phoneOptStatus: 'OPT_OUT',
        companyTimeZone: 'America/Chicago',
        consent: { sms, email: null },
      });
    expect(getConversationModes(noah(record({}))).unavailable.SMS).toBe(
      'Texts are off: Noah replied STOP on Nov 20',
    );
    // Late in the evening in Chicago is the next day in UTC: the office's day is told.
    expect(
      getConversationModes(noah(record({ at: '2026-11-21T03:30:00.000Z', message: 'Unsubscribe' })))
        .unavailable.SMS,
    ).toBe('Texts are off: Noah replied UNSUBSCRIBE on Nov 20');
    // Their own words, a natural-language revocation.
    expect(
      getConversationModes(
        noah(record({ source: 'sms_phrase', message: 'please stop texting me' })),
      ).unavailable.SMS,
    ).toBe('Texts are off: Noah texted “please stop texting me” on Nov 20');
    // A person, the carrier: the how names them.
    expect(
      getConversationModes(
        noah(record({ source: 'staff', message: null, actorName: 'Dana Whitfield' })),
      ).unavailable.SMS,
    ).toBe('Texts are off since Nov 20: by Dana Whitfield');
    expect(
      getConversationModes(noah(record({ source: 'carrier', message: null }))).unavailable.SMS,
    ).toBe('Texts are off since Nov 20: the carrier reported an opt-out');
    // No record (texts turned off before records were kept), or one that does not say OPT_OUT.
    expect(getConversationModes(noah(null)).unavailable.SMS).toBe(
      'Texts are off: Noah opted out of text messages',
    );
    expect(getConversationModes(noah(record({ status: 'OPT_IN' }))).unavailable.SMS).toBe(
      'Texts are off: Noah opted out of text messages',
    );
  });

  it('keeps the exact read-only texts', () => {
    expect(READ_ONLY_OPTED_OUT).toBe("Can't send message - prospect is opted-out");
    expect(READ_ONLY_EMAIL_NOT_ENABLED).toBe("Can't send message - email service is not enabled");
    expect(READ_ONLY_PHONE_MISSING).toBe("Can't send message - prospect phone is missing");
  });
});
