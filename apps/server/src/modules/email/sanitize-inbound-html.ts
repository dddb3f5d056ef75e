import sanitizeHtml from 'sanitize-html';

/**
 * A CSS value made only of words, numbers, colours, quotes and the colour functions. Anything else
 * (`url(`, `expression(`, `var(`, backslash escapes that spell those) loses its declaration.
 */
const SAFE_CSS_VALUE = /^(?:[#\w\s.,%'"!/+-]|(?:rgba?|hsla?)\([\d\s.,%/]*\))+$/i;

const STYLED_PROPERTIES = [
  'color',
  'background-color',
  'font',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'text-align',
  'text-decoration',
  'text-transform',
  'text-indent',
  'line-height',
  'letter-spacing',
  'white-space',
  'vertical-align',
  'direction',
  'margin',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border',
  'border-top',
  'border-right',
  'border-bottom',
  'border-left',
  'border-color',
  'border-style',
  'border-width',
  'border-collapse',
  'border-radius',
  'width',
  'max-width',
  'min-width',
  'height',
  'display',
  'list-style-type',
];

const TABLE_CELL_ATTRIBUTES = ['colspan', 'rowspan', 'width', 'height', 'valign', 'bgcolor'];

// Checked on the raw value: browsers ignore tabs and newlines inside a scheme ("java\tscript:"),
// so only a value that plainly starts with an allowed scheme is kept.
const LINK_HREF = /^(?:https?:\/\/|mailto:)/i;
const IMAGE_SOURCE = /^(?:https:\/\/|cid:)/i;

const keepAttributeIf =
  (attribute: string, allowed: RegExp): sanitizeHtml.Transformer =>
  (tagName, attribs) => {
    const value = attribs[attribute];
    if (value !== undefined && !allowed.test(value)) {
      const { [attribute]: _dropped, ...rest } = attribs;
      return { tagName, attribs: rest };
    }
    return { tagName, attribs };
  };

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'a',
    'abbr',
    'address',
    'b',
    'big',
    'blockquote',
    'br',
    'caption',
    'center',
    'cite',
    'code',
    'col',
    'colgroup',
    'dd',
    'del',
    'div',
    'dl',
    'dt',
    'em',
    'font',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'hr',
    'i',
    'img',
    'ins',
    'li',
    'mark',
    'ol',
    'p',
    'pre',
    'q',
    's',
    'small',
    'span',
    'strike',
    'strong',
    'sub',
    'sup',
    'table',
    'tbody',
    'td',
    'tfoot',
    'th',
    'thead',
    'tr',
    'tt',
    'u',
    'ul',
  ],
  // Elements whose content is code or metadata, not text: dropped with everything inside.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'head',
    'template',
    'xmp',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'form',
  ],
  allowedAttributes: {
    '*': ['style', 'title', 'dir', 'lang', 'align'],
    a: ['href', 'name'],
    img: ['src', 'alt', 'width', 'height'],
    font: ['color', 'face', 'size'],
    table: ['width', 'border', 'cellpadding', 'cellspacing', 'bgcolor'],
    td: TABLE_CELL_ATTRIBUTES,
    th: TABLE_CELL_ATTRIBUTES,
    col: ['span', 'width'],
    colgroup: ['span', 'width'],
    ol: ['start', 'type'],
  },
  allowedStyles: {
    '*': Object.fromEntries(STYLED_PROPERTIES.map((property) => [property, [SAFE_CSS_VALUE]])),
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'cid'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  transformTags: {
    a: keepAttributeIf('href', LINK_HREF),
    img: keepAttributeIf('src', IMAGE_SOURCE),
  },
};

/**
 * Makes an inbound email's HTML inert before it is stored: an allowlist of formatting tags and
 * attributes, links to http(s)/mailto only, images from https or the message itself (cid:), no
 * data: URLs, no handlers, no active content. The web sanitizes again before showing it in a
 * sandboxed frame; this copy must be safe for any other reader of the API too.
 */
export const sanitizeInboundHtml = (html: string): string => sanitizeHtml(html, OPTIONS).trim();
