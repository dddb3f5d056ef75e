import { describe, expect, it } from 'vitest';
import { splitLinks } from './split-links';

describe('splitLinks', () => {
  it('cuts out a payment link in a text, leaving the words and the full stop after it', () => {
    const text =
      'Hi Jordan, here is your secure link to pay $50.00: http://pay.localhost:3000/?t=abc_DEF-123. Thanks!';
    expect(splitLinks(text)).toEqual([
      { text: 'Hi Jordan, here is your secure link to pay $50.00: ' },
      {
        text: 'http://pay.localhost:3000/?t=abc_DEF-123',
        href: 'http://pay.localhost:3000/?t=abc_DEF-123',
      },
      { text: '. Thanks!' },
    ]);
  });

  it('opens an address written without its scheme over http', () => {
    expect(splitLinks('See www.example.com or example.com/floor-plans')).toEqual([
      { text: 'See ' },
      { text: 'www.example.com', href: 'http://www.example.com/' },
      { text: ' or ' },
      { text: 'example.com/floor-plans', href: 'http://example.com/floor-plans' },
    ]);
  });

  it('keeps text without a web address whole, and an empty text empty', () => {
    expect(splitLinks('Is the two-bedroom still free?')).toEqual([
      { text: 'Is the two-bedroom still free?' },
    ]);
    expect(splitLinks('')).toEqual([{ text: '' }]);
  });

  it('links nothing but the web: no email address, javascript: or other scheme', () => {
    const text =
      'Write to leasing@example.com, javascript:alert(1) ftp://example.com/x mailto:a@b.co';
    expect(splitLinks(text).filter((part) => part.href)).toEqual([]);
    expect(
      splitLinks(text)
        .map((part) => part.text)
        .join(''),
    ).toBe(text);
  });

  it('gives HTML in a message back as text, around the link', () => {
    const text = '<img src=x onerror=alert(1)> https://example.com/a"><script>';
    const parts = splitLinks(text);
    expect(parts.map((part) => part.text).join('')).toBe(text);
    expect(parts.find((part) => part.href)?.href).toMatch(/^https:\/\/example\.com\/a/);
    expect(parts.every((part) => !part.href || !part.href.includes('<'))).toBe(true);
  });
});
