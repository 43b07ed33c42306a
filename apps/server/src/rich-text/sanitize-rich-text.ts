import sanitizeHtml from 'sanitize-html';

/** What the TipTap editors of the web client produce: text formatting, lists, headings, links, images. */
const OPTIONS = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard' as const,
  // A link that opens a new tab must not hand the opener to the page it opens.
  transformTags: {
    a: (tagName: string, attribs: Record<string, string>) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/**
 * Rich text is stored as HTML: what is stored is what may be shown, without scripts, handlers or
 * foreign markup (DESIGN §3). The web client sanitizes again with DOMPurify when it renders.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
