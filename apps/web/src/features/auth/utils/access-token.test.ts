import { describe, expect, it } from 'vitest';
import { fakeJwt } from '../../../testing/fixtures';
import { isValidLookingToken } from './access-token';

describe('isValidLookingToken', () => {
  it('accepts an unexpired JWT', () => {
    expect(isValidLookingToken(fakeJwt())).toBe(true);
  });

  it('rejects what is not a JWT, and an expired one', () => {
    expect(isValidLookingToken(null)).toBe(false);
    expect(isValidLookingToken('')).toBe(false);
    expect(isValidLookingToken('not-a-token')).toBe(false);
    expect(isValidLookingToken('a.b.c')).toBe(false);
    expect(isValidLookingToken(fakeJwt({ exp: Math.floor(Date.now() / 1000) - 60 }))).toBe(false);
  });
});
