import { describe, expect, it } from 'vitest';
import { describeChange } from './describe-change';

const instant = (iso: string) => `at ${iso.slice(0, 10)}`;

describe('describeChange', () => {
  it('pairs what a field was with what it became, and shows new facts alone', () => {
    expect(
      describeChange({ status: 'New' }, { status: 'Touring', changed: ['name', 'phone'] }, instant),
    ).toEqual([
      { label: 'status', before: 'New', after: 'Touring' },
      { label: 'changed', before: null, after: 'name, phone' },
    ]);
  });

  it('names fields in words, formats instants, shortens long values and leaves ids out', () => {
    const lines = describeChange(
      null,
      {
        expiresAt: '2026-11-25T06:50:37.000Z',
        actingAsUserId: 'cb3c9fc0-3040-4096-a238-dd7b72db0c8d',
        body: 'x'.repeat(80),
      },
      instant,
    );
    expect(lines.map((line) => line.label)).toEqual(['expires at', 'body']);
    expect(lines[0]!.after).toBe('at 2026-11-25');
    expect(lines[1]!.after).toHaveLength(60);
    expect(lines[1]!.after.endsWith('…')).toBe(true);
  });

  it('has nothing to say about an entry without facts', () => {
    expect(describeChange(null, null, instant)).toEqual([]);
  });
});
