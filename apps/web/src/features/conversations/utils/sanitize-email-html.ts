import DOMPurify from 'dompurify';

export type SanitizedEmail = {
  /** A whole document for a sandboxed frame: sanitized body, strict content security policy. */
  document: string;
  blockedImageCount: number;
};

/** Images from other hosts can track when an email is read; only inline (data:) images show. */
const isRemoteImageSource = (source: string) => !/^data:image\//i.test(source.trim());

/**
 * The HTML part of an inbound email, made safe to show: DOMPurify strips scripts, handlers and
 * other active content, and remote images are dropped. The frame that shows it is sandboxed as well,
 * so a sanitizer miss still cannot run code or reach the app.
 */
export function sanitizeEmailHtml(html: string): SanitizedEmail {
  const purify = DOMPurify(window);
  let blockedImageCount = 0;
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'IMG') {
      const source = node.getAttribute('src') ?? '';
      if (isRemoteImageSource(source)) {
        node.removeAttribute('src');
        node.removeAttribute('srcset');
        blockedImageCount += 1;
      }
    }
    // Links open outside the frame, never inside it.
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  const body = purify.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['srcset', 'background'],
  });
  const policy =
    "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:; base-uri 'none'; form-action 'none'";
  const document = `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${policy}"><style>body{margin:16px;font:14px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#212529;overflow-wrap:anywhere}img{max-width:100%;height:auto}</style></head><body>${body}</body></html>`;
  return { document, blockedImageCount };
}
