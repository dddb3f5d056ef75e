import { describe, expect, it } from 'vitest';
import { oneDatabase, testConfig } from '../../test/test-app.js';
import { createTestClock } from '../../test/test-clock.js';
import { useTestApp } from '../../test/use-test-app.js';
import { createTokenService } from './token.service.js';

const subject = {
  userId: '5b0e3f52-4a07-4d1c-9d7e-6f7a3c1f2b11',
  email: 'cache@example.test',
  name: 'Cache Test',
  picture: null,
  companyId: '0b1f3c8e-8f7d-4a55-b2f6-3e1d4c5a6b7c',
};

describe.each(oneDatabase())('verified ID tokens are remembered on $name', (target) => {
  const s = useTestApp(target, { seed: 'none' });
  const config = testConfig().auth;

  const service = async () => {
    const clock = createTestClock();
    let checks = 0;
    const tokens = await createTokenService(s.db, config, clock.now, {
      onSignatureChecked: () => (checks += 1),
    });
    return { clock, tokens, checks: () => checks };
  };

  it('checks a token’s signature once, then answers it from memory', async () => {
    const { tokens, checks } = await service();
    const token = await tokens.signIdToken(subject);
    const first = await tokens.verify(token);
    const again = await tokens.verify(token);
    expect(first).toMatchObject({ source: 'local', userId: subject.userId });
    expect(again).toEqual(first);
    expect(checks()).toBe(1);
  });

  it('does not answer a token that differs in one character from the remembered one', async () => {
    const { tokens, checks } = await service();
    const token = await tokens.signIdToken(subject);
    await tokens.verify(token);
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    const forged = `${token.slice(0, -2)}${last}${token.at(-1)}`;
    await expect(tokens.verify(forged)).rejects.toThrow();
    expect(checks()).toBe(2);
  });

  it('stops answering a remembered token when it expires', async () => {
    const { clock, tokens, checks } = await service();
    const token = await tokens.signIdToken(subject);
    await tokens.verify(token);
    // Positive control: a second before expiry it is still good, from memory.
    clock.advance(config.idTokenTtlSeconds * 1000 - 1000);
    await expect(tokens.verify(token)).resolves.toMatchObject({ source: 'local' });
    expect(checks()).toBe(1);
    clock.advance(2000);
    await expect(tokens.verify(token)).rejects.toThrow();
    expect(checks()).toBe(2);
  });
});
