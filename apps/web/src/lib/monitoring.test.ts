import { describe, expect, it } from 'vitest';
import type { Env } from '../config/env';
import { initAnalytics, initErrorMonitoring } from './monitoring';

const off: Env = {
  PROD: true,
  VITE_SENTRY_DSN: undefined,
  VITE_ANALYTICS_ID: undefined,
  VITE_ANALYTICS_HOST: undefined,
};

function analyticsScripts() {
  return document.head.querySelectorAll('script[src*="googletagmanager"]');
}

describe('monitoring', () => {
  it('starts no error monitoring without a DSN, or outside production builds', async () => {
    expect(await initErrorMonitoring(off)).toBe(false);
    expect(
      await initErrorMonitoring({ ...off, PROD: false, VITE_SENTRY_DSN: 'https://k@x/1' }),
    ).toBe(false);
  });

  it('adds the analytics script only on the configured host', () => {
    const configured = {
      ...off,
      VITE_ANALYTICS_ID: 'G-TEST',
      VITE_ANALYTICS_HOST: 'console.example',
    };

    expect(initAnalytics(off, 'console.example')).toBe(false);
    expect(initAnalytics(configured, 'localhost')).toBe(false);
    expect(analyticsScripts()).toHaveLength(0);

    expect(initAnalytics(configured, 'console.example')).toBe(true);
    expect(analyticsScripts()).toHaveLength(1);
    analyticsScripts().forEach((script) => script.remove());
  });
});
