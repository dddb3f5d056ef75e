import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('TRUST_PROXY and the request limits', () => {
  it('trusts no proxy unless told', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it.each([
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.0/8, 192.0.2.7', ['10.0.0.0/8', '192.0.2.7']],
    ['loopback,fd00::/8', ['loopback', 'fd00::/8']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['yes', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1,,'])(
    'stops start-up on TRUST_PROXY=%s, saying what it expects',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: false, a hop count/);
    },
  );

  it('stops start-up on TRUST_PROXY=true: any client could claim any address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true would believe any X-Forwarded-For; set false, a hop count \(1 behind one load balancer\), or comma-separated proxy addresses/,
    );
  });

  it('reads the refresh and integration limits, and refuses nonsense', () => {
    const config = loadConfig({
      REFRESH_IP_LIMIT_PER_MINUTE: '7',
      INTEGRATION_LIMIT_PER_MINUTE: '90',
    });
    expect(config.auth.refreshIpLimitPerMinute).toBe(7);
    expect(config.integrationLimitPerMinute).toBe(90);
    expect(() => loadConfig({ REFRESH_IP_LIMIT_PER_MINUTE: '0' })).toThrow(
      /REFRESH_IP_LIMIT_PER_MINUTE/,
    );
    expect(() => loadConfig({ INTEGRATION_LIMIT_PER_MINUTE: 'many' })).toThrow(
      /INTEGRATION_LIMIT_PER_MINUTE/,
    );
  });
});
