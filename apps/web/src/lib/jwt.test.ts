import { describe, expect, it } from 'vitest';
import { fakeJwt } from '../testing/fixtures';
import { getTokenExpiry, readJwtPayload } from './jwt';

describe('reading a JWT', () => {
  it('reads the claims and the expiry in milliseconds', () => {
    const token = fakeJwt({ sub: 'user-7', exp: 1_900_000_000 });
    expect(readJwtPayload(token)).toMatchObject({ sub: 'user-7', exp: 1_900_000_000 });
    expect(getTokenExpiry(token)).toBe(1_900_000_000_000);
  });

  it('reads base64url payloads that need padding and use - and _', () => {
    // '{"exp":1,"n":"ÿÿ?"}' in base64url has both - and _ and no padding.
    const payload = btoa('{"exp":1,"n":"\u00ff\u00ff?"}')
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(getTokenExpiry(`e30.${payload}.c2ln`)).toBe(1000);
  });

  it.each([
    ['not a JWT', 'token'],
    ['a payload that is not JSON', 'e30.bm90LWpzb24.c2ln'],
    ['a payload that is not an object', `e30.${btoa('[1]')}.c2ln`],
  ])('gives null for %s', (_name, token) => {
    expect(readJwtPayload(token)).toBeNull();
    expect(getTokenExpiry(token)).toBeNull();
  });

  it('gives no expiry when exp is missing or not a number', () => {
    expect(getTokenExpiry(fakeJwt({ exp: undefined }))).toBeNull();
    expect(getTokenExpiry(fakeJwt({ exp: 'soon' }))).toBeNull();
  });
});
