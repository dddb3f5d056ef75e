import { describe, expect, it } from 'vitest';
import { formatPhone } from './format-phone';

describe('formatPhone', () => {
  it('writes North American numbers the local way', () => {
    expect(formatPhone('+15125550101')).toBe('(512) 555-0101');
    expect(formatPhone('512-555-0101')).toBe('(512) 555-0101');
  });

  it('leaves any other number as stored', () => {
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhone('+1 555 0100')).toBe('+1 555 0100');
  });
});
