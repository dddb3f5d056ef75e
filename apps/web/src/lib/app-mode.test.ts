import { afterEach, describe, expect, it } from 'vitest';
import { APP_MODE_META_NAME, isPaymentDomain } from './app-mode';

function markPage(content: string) {
  const meta = document.createElement('meta');
  meta.name = APP_MODE_META_NAME;
  meta.content = content;
  document.head.append(meta);
}

afterEach(() => {
  document.head.querySelectorAll(`meta[name="${APP_MODE_META_NAME}"]`).forEach((meta) => {
    meta.remove();
  });
});

describe('isPaymentDomain', () => {
  it('is true on a page the server marked as the payment host, whatever the hostname', () => {
    markPage('payment');
    expect(isPaymentDomain('app.example.com', undefined)).toBe(true);
  });

  it('ignores a mode meta tag that names another mode', () => {
    markPage('staff');
    expect(isPaymentDomain('app.example.com', undefined)).toBe(false);
  });

  it('is true on the configured payment host under the dev server, in any letter case', () => {
    expect(isPaymentDomain('pay.localhost', 'pay.localhost')).toBe(true);
    expect(isPaymentDomain('pay.localhost', 'Pay.Localhost')).toBe(true);
  });

  it('is false on any other host, and when no payment host is configured', () => {
    expect(isPaymentDomain('localhost', 'pay.localhost')).toBe(false);
    expect(isPaymentDomain('localhost', undefined)).toBe(false);
  });

  it('reads the current page and the build settings by default', () => {
    expect(isPaymentDomain()).toBe(false);
    markPage('payment');
    expect(isPaymentDomain()).toBe(true);
  });
});
