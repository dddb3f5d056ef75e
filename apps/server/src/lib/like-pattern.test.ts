import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike } from './like-pattern.js';

describe('LIKE patterns', () => {
  it("escapes LIKE's wildcards and its escape character", () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });

  it('matches the text anywhere', () => {
    expect(containsPattern('a_b')).toBe('%a\\_b%');
  });
});
