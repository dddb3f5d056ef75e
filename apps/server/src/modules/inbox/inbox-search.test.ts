import { describe, expect, it } from 'vitest';
import { parseInboxSearch } from './inbox-search.js';

describe('what an inbox search asks for', () => {
  it('reads a phone number typed any way as E.164, US when no country code is given', () => {
    for (const typed of ['(555) 010-0001', '555.010.0001', '+1 555 010 0001', '1-555-010-0001']) {
      expect(parseInboxSearch(typed), typed).toEqual({ kind: 'phone', e164: '+15550100001' });
    }
    expect(parseInboxSearch('+44 7911 123456')).toEqual({ kind: 'phone', e164: '+447911123456' });
  });

  it('looks for a few digits inside numbers', () => {
    expect(parseInboxSearch('0101')).toEqual({ kind: 'phone-digits', digits: '0101' });
    expect(parseInboxSearch('555-0101')).toEqual({ kind: 'phone-digits', digits: '5550101' });
    expect(parseInboxSearch('12')).toEqual({ kind: 'name', text: '12' });
  });

  it('reads something with @ as the start of an email address, in lower case', () => {
    expect(parseInboxSearch(' Ava.Thompson@Example ')).toEqual({
      kind: 'email',
      prefix: 'ava.thompson@example',
    });
  });

  it('reads anything else as part of a name, and nothing as no search', () => {
    expect(parseInboxSearch('Mia D')).toEqual({ kind: 'name', text: 'Mia D' });
    expect(parseInboxSearch('   ')).toBeUndefined();
    expect(parseInboxSearch(undefined)).toBeUndefined();
  });
});
