import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedIdTokens } from './installation-keys.js';

describe('signedIdTokens', () => {
  const tokens = signedIdTokens(randomBytes(32));
  const id = randomUUID();

  it('makes 43 URL-safe characters that name the id and verify what was signed', () => {
    const token = tokens.sign(id, `thing|${id}|42`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const parsed = tokens.parse(token);
    expect(parsed?.id).toBe(id);
    expect(tokens.verifies(parsed!.mac, `thing|${id}|42`)).toBe(true);
    expect(tokens.verifies(parsed!.mac, `thing|${id}|43`)).toBe(false);
  });

  it("refuses another installation's token, and anything that is not a token", () => {
    const elsewhere = signedIdTokens(randomBytes(32)).sign(id, `thing|${id}`);
    const parsed = tokens.parse(elsewhere);
    expect(parsed?.id).toBe(id);
    expect(tokens.verifies(parsed!.mac, `thing|${id}`)).toBe(false);
    expect(tokens.parse('')).toBeUndefined();
    expect(tokens.parse(`${elsewhere}A`)).toBeUndefined();
    expect(tokens.parse(elsewhere.replace(/.$/, '!'))).toBeUndefined();
  });
});
