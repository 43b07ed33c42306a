/**
 * Whether an Accept-Encoding header accepts `coding` (RFC 9110 §12.5.3): named with a quality
 * above 0, or covered by `*` with a quality above 0. A missing header accepts nothing but identity.
 */
export function acceptsEncoding(header: string | string[] | undefined, coding: string): boolean {
  const text = [header ?? []].flat().join(',');
  let named: number | undefined;
  let wildcard: number | undefined;
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const qParam = params.find((param) => param.startsWith('q='));
    const quality = qParam === undefined ? 1 : Number(qParam.slice(2));
    const value = Number.isFinite(quality) ? quality : 0;
    if (name === coding) named = value;
    else if (name === '*') wildcard = value;
  }
  return (named ?? wildcard ?? 0) > 0;
}

/** Whether an If-None-Match header names `etag` (weak comparison, as for GET) or is `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
