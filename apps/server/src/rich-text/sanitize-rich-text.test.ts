import { describe, expect, it } from 'vitest';
import { sanitizeResourceBody, sanitizeRichText } from './sanitize-rich-text.js';

describe('sanitizeRichText', () => {
  it('keeps the formatting of the editors', () => {
    const html =
      '<h2>Title</h2><p><strong>Bold</strong> <em>it</em> <u>u</u> <s>s</s></p><ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><p><a href="https://example.test/x">link</a></p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('removes scripts, event handlers and script URLs', () => {
    expect(sanitizeRichText('<p onclick="alert(1)">Hi<script>alert(1)</script></p>')).toBe('<p>Hi</p>');
    expect(sanitizeRichText('<img src=x onerror="alert(1)">')).toBe('<img src="x" />');
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<iframe src="https://evil.test"></iframe><style>p{}</style>ok')).toBe('ok');
  });

  it('makes links that open a new tab leave their opener alone', () => {
    expect(sanitizeRichText('<a href="https://example.test" target="_blank">x</a>')).toBe(
      '<a href="https://example.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('keeps plain text as it is, escaping what would be markup', () => {
    expect(sanitizeRichText('...')).toBe('...');
    expect(sanitizeRichText('1 < 2 & 3')).toBe('1 &lt; 2 &amp; 3');
  });
});

describe('sanitizeResourceBody', () => {
  it('sanitizes the body: formatting stays, scripts, handlers, styles and foreign images go', () => {
    expect(
      sanitizeResourceBody(
        '<h1>T</h1><p style="color:red"><strong>b</strong><em>i</em><u>u</u><s>s</s><code>c</code></p><ul><li>x</li></ul><blockquote>q</blockquote><a href="javascript:alert(1)">j</a><iframe src="x"></iframe>',
      ),
    ).toBe(
      '<h2>T</h2><p><strong>b</strong><em>i</em><u>u</u><s>s</s><code>c</code></p><ul><li>x</li></ul><blockquote>q</blockquote><a target="_blank" rel="noopener noreferrer nofollow">j</a>',
    );
  });

  it('keeps images of our own upload route only, and opens every link in a new tab', () => {
    const own = '/api/v1/resource_images/0123456789abcdef0123456789abcdef.png';
    expect(
      sanitizeResourceBody(
        `<img src="${own}" alt="Chart"><img src="https://tracker.test/a.png"><img src="data:image/png;base64,AAAA">`,
      ),
    ).toBe(`<img src="${own}" alt="Chart" />`);
    expect(sanitizeResourceBody('<a href="https://example.test" rel="opener">x</a>')).toBe(
      '<a href="https://example.test" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });
});
