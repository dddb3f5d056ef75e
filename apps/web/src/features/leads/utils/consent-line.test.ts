import type { ConsentRecord } from '@leasing/contract';
import { describe, expect, it } from 'vitest';
import { consentLine } from './consent-line';

const record = (overrides: Partial<ConsentRecord>): ConsentRecord => ({
  channel: 'SMS',
  status: 'OPT_OUT',
  source: 'sms_keyword',
  at: '2026-11-20T15:04:00.000Z',
  timelineEventId: 'event-1',
  message: 'stop',
  actorName: null,
  ...overrides,
});

describe('consent line', () => {
  it('says when and how the lead opted in or out, per channel and source', () => {
    const zone = 'America/Chicago';
    expect(consentLine(record({}), zone)).toBe('Texts off since Nov 20, 2026 — replied STOP');
    expect(
      consentLine(
        record({
          source: 'sms_phrase',
          message: 'Please stop texting me, we already signed a lease somewhere else',
        }),
        zone,
      ),
    ).toBe('Texts off since Nov 20, 2026 — texted “Please stop texting me, we already sign…”');
    expect(consentLine(record({ source: 'staff', actorName: 'Dana Whitfield' }), zone)).toBe(
      'Texts off since Nov 20, 2026 — by Dana Whitfield',
    );
    expect(
      consentLine(record({ channel: 'EMAIL', source: 'email_one_click', message: null }), zone),
    ).toBe('Email off since Nov 20, 2026 — unsubscribe link in an email');
    expect(consentLine(record({ status: 'OPT_IN', source: 'integration' }), zone)).toBe(
      'Texts on since Nov 20, 2026 — set by an integration',
    );
  });
});
