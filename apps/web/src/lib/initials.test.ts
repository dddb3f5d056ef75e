import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first and last names, whatever the spacing', () => {
    expect(initials('Alex Kim')).toBe('AK');
    expect(initials('  mary ann  smith ')).toBe('MS');
    expect(initials('Cher')).toBe('C');
    expect(initials('')).toBe('');
  });
});
