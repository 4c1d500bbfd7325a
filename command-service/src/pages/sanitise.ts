import sanitizeHtml from 'sanitize-html';

/**
 * What a page's HTML may hold: text markup, headings, lists, tables, links and images. Nothing that
 * runs: no script, style or iframe (their content goes too), no event handler or style attribute, and
 * links only to http(s), mailto and tel addresses (no javascript: or data: URLs).
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h1', 'h2', 'img'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link that opens a new tab must not hand the page to it (window.opener).
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs: Object.fromEntries(Object.entries(attribs).filter(([k]) => k !== 'target')) },
  },
};

/** A page's HTML with everything unsafe removed (sanitize-html, the one rule for the server). */
export function sanitisePageHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** True when the HTML has nothing a reader would see (no text, no image). */
export function isBlankHtml(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: ['img'], allowedAttributes: { img: ['src'] } }).trim() === '';
}
