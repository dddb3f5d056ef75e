import { describe, expect, it } from 'vitest';
import { describeChange } from './describe-change';

const instant = (iso: string) => `at ${iso.slice(0, 10)}`;
const PRIYA = '0b6c1f7e-0000-4000-a000-000000000003';
const lines = (before: Record<string, unknown> | null, after: Record<string, unknown> | null) =>
  describeChange(before, after, instant);

describe('describeChange', () => {
  it('names owners as the console does (lead.assigned)', () => {
    expect(
      lines(
        { owner: { kind: 'unassigned' } },
        { owner: { kind: 'user', userId: PRIYA, name: 'Priya Shah' } },
      ),
    ).toEqual([{ label: 'Owner', before: 'Unassigned', after: 'Priya Shah' }]);
    expect(
      lines({ owner: { kind: 'assistant' } }, { owner: { kind: 'unassigned' } })[0],
    ).toMatchObject({ before: 'Assistant', after: 'Unassigned' });
  });

  it("says a lead's status, lost reason and note in words (lead.status_changed)", () => {
    expect(lines({ status: 'CONTACTED' }, { status: 'TOUR_SCHEDULED' })).toEqual([
      { label: 'Status', before: 'Contacted', after: 'Tour scheduled' },
    ]);
    expect(lines(null, { status: 'LOST', lostReason: 'Too expensive', note: null })).toEqual([
      { label: 'Status', before: null, after: 'Lost' },
      { label: 'Lost reason', before: null, after: 'Too expensive' },
      { label: 'Note', before: null, after: 'None' },
    ]);
  });

  it('says consent changes and opt-out decisions in words (consent.*, opt_out_review, unmatched)', () => {
    expect(lines(null, { channel: 'SMS', status: 'OPT_OUT', source: 'staff' })).toEqual([
      { label: 'Channel', before: null, after: 'Text' },
      { label: 'Status', before: null, after: 'Opted out' },
      { label: 'Source', before: null, after: 'A staff member' },
    ]);
    expect(lines(null, { decision: 'NOT_OPT_OUT' })[0]!.after).toBe('Not an opt-out');
    expect(lines(null, { resolution: 'LEAD_CREATED', leadId: PRIYA })).toEqual([
      { label: 'Result', before: null, after: 'Made a lead of it' },
    ]);
    expect(
      lines(null, { channel: 'SMS', address: '+15125550199', source: 'sms_keyword' }),
    ).toContainEqual({ label: 'Number', before: null, after: '+15125550199' });
  });

  it('says messages, schedules and follow-ups in words (message.*, follow_up.changed)', () => {
    expect(
      lines(null, { change: 'sent_now', scheduledAt: '2026-11-25T06:50:37.000Z', changed: [] }),
    ).toEqual([
      { label: 'Change', before: null, after: 'Sent now' },
      { label: 'Scheduled for', before: null, after: 'at 2026-11-25' },
      { label: 'Changed', before: null, after: 'None' },
    ]);
    expect(lines(null, { followUpAt: null })).toEqual([
      { label: 'Follow-up', before: null, after: 'None' },
    ]);
  });

  it('says team, keys and settings in words (user.*, api_key.*, response target, digest)', () => {
    expect(lines({ role: 'agent' }, { role: 'manager' })[0]).toMatchObject({
      label: 'Role',
      before: 'Agent',
      after: 'Manager',
    });
    expect(lines({ status: 'active' }, { status: 'deactivated' })[0]!.after).toBe('Deactivated');
    expect(lines({ firstReplyTargetMinutes: 15 }, { firstReplyTargetMinutes: 30 })[0]).toEqual({
      label: 'First-reply target',
      before: '15 minutes',
      after: '30 minutes',
    });
    expect(lines(null, { weeklyDigest: false, created: true })).toEqual([
      { label: 'Weekly report email', before: null, after: 'No' },
      { label: 'New', before: null, after: 'Yes' },
    ]);
    // A rule's people are ids only: nothing a reader can use.
    expect(lines(null, { roundRobin: true, agentIds: [PRIYA] })).toEqual([
      { label: 'Round robin', before: null, after: 'Yes' },
    ]);
  });

  it('writes kept objects and unknown fields as "Key: value", never as raw data', () => {
    const [hours] = lines(
      { timeZone: 'America/Chicago', hours: { monday: { open: '09:00', close: '17:00' } } },
      { timeZone: 'America/Denver', hours: { monday: null } },
    ).slice(1);
    expect(hours).toEqual({
      label: 'Hours',
      before: 'Monday: Open: 09:00; Close: 17:00',
      after: 'Monday: None',
    });
    const unknown = lines(null, { someNewThing: { nestedCode: 'WAITING_ROOM', count: 2 } });
    expect(unknown).toEqual([
      { label: 'Some new thing', before: null, after: 'Nested code: Waiting room; Count: 2' },
    ]);
    for (const line of unknown) expect(`${line.before ?? ''}${line.after}`).not.toMatch(/[{}"]/);
  });

  it('formats instants, shortens long values and leaves ids out', () => {
    const shown = lines(null, {
      expiresAt: '2026-11-25T06:50:37.000Z',
      actingAsUserId: 'cb3c9fc0-3040-4096-a238-dd7b72db0c8d',
      body: 'x'.repeat(80),
    });
    expect(shown.map((line) => line.label)).toEqual(['Expires', 'Body']);
    expect(shown[0]!.after).toBe('at 2026-11-25');
    expect(shown[1]!.after).toHaveLength(60);
    expect(shown[1]!.after.endsWith('…')).toBe(true);
  });

  it('has nothing to say about an entry without facts', () => {
    expect(lines(null, null)).toEqual([]);
  });
});
