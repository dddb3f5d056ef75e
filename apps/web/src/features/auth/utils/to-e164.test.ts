import { describe, expect, it } from 'vitest';
import { toE164 } from './to-e164';

describe('toE164', () => {
  it.each([
    ['+15125550100', '+15125550100'],
    ['(512) 555-0100', '+15125550100'],
    ['512.555.0100', '+15125550100'],
    ['1 512 555 0100', '+15125550100'],
    [' +1 (512) 555-0100 ', '+15125550100'],
    ['+44 7911 123456', '+447911123456'],
  ])('reads %j as %s', (typed, e164) => {
    expect(toE164(typed)).toBe(e164);
  });

  it('leaves what is no phone number for the check to refuse', () => {
    expect(toE164('555-0100')).toBe('5550100');
    expect(toE164('call me')).toBe('callme');
  });
});
