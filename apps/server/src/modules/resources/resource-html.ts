import { RESOURCE_IMAGE_PATH } from '@limbus/contract';
import sanitizeHtml from 'sanitize-html';

/** What the editor (TipTap: headings, lists, quotes, code, links, images) writes, and nothing else. */
const ALLOWED_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'hr',
  'a',
  'img',
];

const UPLOADED_IMAGE = new RegExp(`^${RESOURCE_IMAGE_PATH}[0-9a-f]{32}\\.(png|jpg|gif|webp)$`);

/**
 * The rich text of an article as it may be stored: the tags above, links to web and mail addresses
 * opening safely, and images only from our own upload route (the page's CSP allows no others, and
 * an outside image would tell a third party who reads the article).
 */
export function sanitizeResourceBody(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'title'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    transformTags: {
      h1: (_tag, attribs) => ({ tagName: 'h2', attribs }),
      a: (tagName, attribs) => ({
        tagName,
        attribs: {
          ...(attribs.href ? { href: attribs.href } : {}),
          target: '_blank',
          rel: 'noopener noreferrer nofollow',
        },
      }),
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !UPLOADED_IMAGE.test(frame.attribs.src ?? ''),
  }).trim();
}
