import { describe, expect, it } from 'vitest';
import { sanitizeEmailHtml } from './sanitize-email-html';

describe('sanitizeEmailHtml', () => {
  it('keeps the formatting and drops scripts, handlers and remote images', () => {
    const { document, blockedImageCount } = sanitizeEmailHtml(
      '<p onclick="steal()">Hola <b>Dana</b></p><img src="https://tracker.example/pixel.gif"><script>alert(1)</script><a href="javascript:alert(2)">x</a>',
    );
    expect(document).toContain('<b>Dana</b>');
    expect(document).not.toMatch(/<script/i);
    expect(document).not.toContain('onclick');
    expect(document).not.toContain('tracker.example');
    expect(document).not.toContain('javascript:');
    expect(blockedImageCount).toBe(1);
    expect(document).toContain("default-src 'none'");
  });

  it('keeps inline images', () => {
    const { document, blockedImageCount } = sanitizeEmailHtml(
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="logo">',
    );
    expect(document).toContain('data:image/png;base64');
    expect(blockedImageCount).toBe(0);
  });
});
