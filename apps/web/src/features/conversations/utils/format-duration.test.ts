import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration';
import { humanizeCode } from './humanize-code';

describe('formatDuration', () => {
  it('says how long a call took in minutes and seconds', () => {
    expect(formatDuration(192)).toBe('3 min 12 s');
    expect(formatDuration(41)).toBe('41 s');
    expect(formatDuration(120)).toBe('2 min');
    expect(formatDuration(3720)).toBe('1 h 2 min');
  });
});

describe('humanizeCode', () => {
  it('turns a code into words', () => {
    expect(humanizeCode('IN_PERSON')).toBe('In person');
    expect(humanizeCode('NOT_INTERESTED')).toBe('Not interested');
    expect(humanizeCode('virtual')).toBe('Virtual');
  });
});
