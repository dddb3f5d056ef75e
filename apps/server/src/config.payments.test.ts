import { describe, expect, it } from 'vitest';
import { ConfigError, describePayments, loadConfig } from './config.js';

const PUBLIC = { PUBLIC_URL: 'https://console.leasing-console.com' };

describe('payment mode', () => {
  it('takes sandbox payments only where no payer can reach them, unless told to', () => {
    expect(loadConfig({}).payments?.mode).toBe('sandbox');
    for (const host of ['pay.localhost', 'pay.leasing.test', 'pay.example', '127.0.0.1']) {
      expect(loadConfig({ ...PUBLIC, PAYMENT_HOST: host }).payments?.mode, host).toBe('sandbox');
    }
    const publicHost = { ...PUBLIC, PAYMENT_HOST: 'pay.leasing-console.com' };
    expect(loadConfig(publicHost).payments?.mode).toBe('unavailable');
    expect(loadConfig({ ...publicHost, PAYMENTS_SANDBOX: 'true' }).payments?.mode).toBe('sandbox');
    expect(loadConfig({ ...publicHost, PAYMENTS_SANDBOX: 'false' }).payments?.mode).toBe(
      'unavailable',
    );
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(loadConfig({ ...publicHost, ...stripe }).payments?.mode).toBe('stripe');
  });

  it('names PAYMENTS_SANDBOX when its value is bad or contradicts the Stripe keys', () => {
    expect(() => loadConfig({ PAYMENTS_SANDBOX: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYMENTS_SANDBOX: 'yes' })).toThrow(
      /PAYMENTS_SANDBOX: true or false/,
    );
    expect(() =>
      loadConfig({
        PAYMENTS_SANDBOX: 'true',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      }),
    ).toThrow(/PAYMENTS_SANDBOX/);
  });

  it('says at start-up which mode the server is in', () => {
    const on = (env: Record<string, string>) => describePayments(loadConfig(env).payments);
    expect(on({ ...PUBLIC })).toBe('Payments: off (no PAYMENT_HOST)');
    expect(on({})).toMatch(
      /^Payments: SANDBOX on pay\.localhost \(test cards only, no money moves\)$/,
    );
    expect(on({ ...PUBLIC, PAYMENT_HOST: 'pay.leasing-console.com' })).toMatch(
      /^Payments: UNAVAILABLE on pay\.leasing-console\.com: .*STRIPE_SECRET_KEY.*PAYMENTS_SANDBOX=true/,
    );
    expect(
      on({ ...PUBLIC, PAYMENT_HOST: 'pay.leasing-console.com', PAYMENTS_SANDBOX: 'true' }),
    ).toMatch(/SANDBOX .*PAYMENTS_SANDBOX=true/);
    expect(
      on({
        ...PUBLIC,
        PAYMENT_HOST: 'pay.leasing-console.com',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      }),
    ).toBe('Payments: Stripe Checkout on pay.leasing-console.com');
  });
});
