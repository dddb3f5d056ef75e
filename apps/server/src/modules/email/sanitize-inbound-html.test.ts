import { describe, expect, it } from 'vitest';
import { sanitizeInboundHtml } from './sanitize-inbound-html.js';

describe('sanitizeInboundHtml', () => {
  it('keeps formatting, links and images that are safe', () => {
    const html = sanitizeInboundHtml(
      '<div style="color: #333; font-family: Georgia, serif"><p>Hi <b>Dana</b>, <i>thanks</i>!</p>' +
        '<ul><li>one</li></ul><table border="1"><tr><td colspan="2">cell</td></tr></table>' +
        '<a href="https://example.com/unit?a=1">site</a> <a href="mailto:a@example.com">mail</a>' +
        '<img src="https://example.com/logo.png" alt="logo"><img src="cid:logo@mail"></div>',
    );
    expect(html).toContain('<b>Dana</b>');
    expect(html).toContain('<i>thanks</i>');
    expect(html).toContain('style="color:#333;font-family:Georgia, serif"');
    expect(html).toContain('<td colspan="2">cell</td>');
    expect(html).toContain('href="https://example.com/unit?a=1"');
    expect(html).toContain('href="mailto:a@example.com"');
    expect(html).toContain('src="https://example.com/logo.png"');
    expect(html).toContain('src="cid:logo@mail"');
  });

  it('removes active content, handlers and dangerous URLs', () => {
    const html = sanitizeInboundHtml(
      '<script>alert(1)</script><style>p{}</style><iframe src="https://x.test"></iframe>' +
        '<object data="x"></object><svg onload="alert(2)"><circle/></svg><math><mi>m</mi></math>' +
        '<form action="https://x.test"><input name="q"></form>' +
        '<p onclick="alert(3)" onmouseover="alert(4)">text</p>' +
        '<a href="javascript:alert(5)">js</a><a href="java\tscript:alert(6)">tab</a>' +
        '<a href="data:text/html,<script>alert(7)</script>">data</a><a href="/relative">rel</a>' +
        '<img src="data:image/png;base64,AAAA"><img src="http://plain.test/a.png">' +
        '<img src="//protocol-relative.test/a.png"><img src="https://ok.test/a.png" onerror="alert(8)">' +
        '<div style="width: expression(alert(9))">e</div>' +
        '<div style="background: url(javascript:alert(10))">u</div>' +
        '<div style="width: expr\\65ssion(alert(11))">escaped</div>',
    );
    for (const banned of [
      /<script/i,
      /<style/i,
      /<iframe/i,
      /<object/i,
      /<svg/i,
      /<math/i,
      /<form/i,
      /<input/i,
      /\son\w+=/i,
      /javascript/i,
      /data:/i,
      /expression/i,
      /url\(/i,
      /expr/i,
      /alert/i,
      /href="\/relative"/,
      /http:\/\/plain/,
      /protocol-relative/,
    ]) {
      expect(html).not.toMatch(banned);
    }
    expect(html).toContain('<p>text</p>');
    expect(html).toContain('src="https://ok.test/a.png"');
  });
});
