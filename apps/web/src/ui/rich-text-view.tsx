import { Typography } from '@mantine/core';
import DOMPurify from 'dompurify';

/**
 * Rich text as the server stores it (sanitized HTML), shown after DOMPurify: never trust stored HTML.
 * Apart from the editor (rich-text.tsx) so that screens that only read do not load TipTap.
 */
export function RichTextView({ html, empty = '—' }: { html: string; empty?: string }) {
  if (!html.trim()) return <Typography c="dimmed">{empty}</Typography>;
  return (
    <Typography>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify right here */}
      <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html) }} />
    </Typography>
  );
}
