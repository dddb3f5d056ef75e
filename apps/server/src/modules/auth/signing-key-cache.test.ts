import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { describe, expect, it } from 'vitest';
import { oneDatabase, testConfig } from '../../test/test-app.js';
import { createTestClock } from '../../test/test-clock.js';
import { useTestApp } from '../../test/use-test-app.js';
import { insertSigningKey } from './signing-keys.repository.js';
import { createTokenService } from './token.service.js';

describe.each(oneDatabase())('tokens naming an unknown signing key on $name', (target) => {
  const s = useTestApp(target, { seed: 'none' });
  const config = testConfig().auth;

  const signWith = async (kid: string, privateKey: CryptoKey) =>
    new SignJWT({ companyID: randomUUID(), email: 'x@example.test' })
      .setProtectedHeader({ alg: 'ES256', kid })
      .setSubject(randomUUID())
      .setIssuer(config.issuer)
      .setAudience(config.audience)
      .setExpirationTime('5m')
      .sign(privateKey);

  it('reloads the keys once a minute per unknown kid, and still finds a key made since', async () => {
    const clock = createTestClock();
    let reloads = 0;
    const tokens = await createTokenService(s.db, config, clock.now, {
      onKeysLoaded: () => (reloads += 1),
    });
    reloads = 0;
    const stranger = await generateKeyPair('ES256');
    const forged = await signWith(`unknown-${randomUUID()}`, stranger.privateKey);

    for (let i = 0; i < 5; i += 1) await expect(tokens.verify(forged)).rejects.toThrow();
    expect(reloads).toBe(1);
    clock.advance(61_000);
    await expect(tokens.verify(forged)).rejects.toThrow();
    expect(reloads).toBe(2);

    // Another process rotates in a new key: its tokens are good here at once.
    const rotated = await generateKeyPair('ES256', { extractable: true });
    const kid = randomUUID();
    await insertSigningKey(s.db, {
      kid,
      alg: 'ES256',
      publicJwk: (await exportJWK(rotated.publicKey)) as Record<string, unknown>,
      privateJwk: (await exportJWK(rotated.privateKey)) as Record<string, unknown>,
    });
    const fresh = await signWith(kid, rotated.privateKey);
    await expect(tokens.verify(fresh)).resolves.toMatchObject({ source: 'local' });
    expect(reloads).toBe(3);
  });
});
