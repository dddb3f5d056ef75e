import { describe, expect, it } from 'vitest';
import { getSafeReturnUrl } from './return-url';

describe('getSafeReturnUrl', () => {
  it('follows paths on this site', () => {
    expect(getSafeReturnUrl('/properties/p/leads/L-1/escalation')).toBe(
      '/properties/p/leads/L-1/escalation',
    );
  });

  it('refuses anything that could leave the site', () => {
    for (const value of [null, '', 'https://evil.test', '//evil.test', '/\\evil.test', 'main']) {
      expect(getSafeReturnUrl(value)).toBeNull();
    }
  });
});
