import sanitizeHtml from 'sanitize-html';

/**
 * What a stored notice may hold: the tags and attributes the editor writes
 * (headings, paragraphs, emphasis, lists, quotes, code, links, rules) and
 * nothing else. Scripts, event handlers (`onerror=`), styles, frames and
 * `javascript:` links are dropped on the server, so a notice is safe on every
 * wall whatever client wrote it.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['h1', 'h2', 'h3', 'h4', 'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'a', 'span'],
  allowedAttributes: { a: ['href', 'target', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
};

export function sanitizeNotice(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
