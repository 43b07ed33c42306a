/// <reference path="./sanitize-html.d.ts" />
// The reference brings the declaration into every project that compiles this file (bench/ too).
import { RESOURCE_IMAGE_PATH } from '@limbus/contract';
import sanitizeHtml from 'sanitize-html';

/**
 * Rich text is stored as HTML: what is stored is what may be shown, without scripts, handlers or
 * foreign markup (DESIGN §3). The web client sanitizes again with DOMPurify when it renders. Each
 * policy below allows what its TipTap editor writes and nothing else.
 */
type Policy = NonNullable<Parameters<typeof sanitizeHtml>[1]>;

const LINK_ATTRIBUTES = ['href', 'target', 'rel'];

/** Notes, insights and suggestions: text formatting, lists, headings, links, images. */
const RICH_TEXT: Policy = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: { a: LINK_ATTRIBUTES, img: ['src', 'alt', 'title', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // A link that opens a new tab must not hand the opener to the page it opens.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

const UPLOADED_IMAGE = new RegExp(`^${RESOURCE_IMAGE_PATH}[0-9a-f]{32}\\.(png|jpg|gif|webp)$`);

/**
 * Articles of the resources library: headings from h2 (the page holds the h1), links to web and
 * mail addresses opening safely in a new tab, and images only from our own upload route (the
 * page's CSP allows no others, and an outside image would tell a third party who reads the article).
 */
const RESOURCE_BODY: Policy = {
  allowedTags: 'p br h2 h3 h4 strong b em i u s code pre blockquote ul ol li hr a img'.split(' '),
  allowedAttributes: { a: LINK_ATTRIBUTES, img: ['src', 'alt', 'title'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    h1: (_tagName, attribs) => ({ tagName: 'h2', attribs }),
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
};

/** The rich text of a note, insight or suggestion as it may be stored. */
export const sanitizeRichText = (html: string): string => sanitizeHtml(html, RICH_TEXT).trim();

/** The body of a resources article as it may be stored. */
export const sanitizeResourceBody = (html: string): string => sanitizeHtml(html, RESOURCE_BODY).trim();
