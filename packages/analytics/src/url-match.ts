/** How a page's URLs match a visited URL (spec 3 §2, heatmap pages: Exact match, Starts with). */
export type MatchType = 'exact' | 'starts_with';

/**
 * Canonical form for comparing URLs: query string and fragment removed, trailing slashes
 * removed, scheme and host lower-cased (they are case-insensitive; the path is not).
 */
export function normalizeUrl(url: string): string {
  let u = url.trim();
  const cut = u.search(/[?#]/);
  if (cut >= 0) u = u.slice(0, cut);
  while (u.endsWith('/')) u = u.slice(0, -1);
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(u);
  return origin ? origin[0].toLowerCase() + u.slice(origin[0].length) : u;
}

/**
 * Whether a visited URL matches a page URL: after `normalizeUrl` on both, 'exact' compares for
 * equality and 'starts_with' tests a plain prefix. An empty pattern matches nothing.
 */
export function urlMatches(url: string, pattern: string, matchType: MatchType): boolean {
  const p = normalizeUrl(pattern);
  if (p === '') return false;
  const u = normalizeUrl(url);
  return matchType === 'exact' ? u === p : u.startsWith(p);
}

/** Whether `url` matches any of a page's URLs (see `urlMatches`). */
export function matchesAnyUrl(url: string, patterns: readonly string[], matchType: MatchType): boolean {
  return patterns.some((p) => urlMatches(url, p, matchType));
}

/**
 * Whether a URL takes part in assistant-based page matching (spec 2 §2): URLs on the recording
 * machine itself (host localhost, *.localhost, 127.0.0.1 or [::1]) are ignored.
 */
export function isAssistantMatchable(url: string): boolean {
  const m = /^(?:[a-z][a-z0-9+.-]*:)?\/\/([^/?#]*)/i.exec(url.trim()) ?? /^([^/?#]*)/.exec(url.trim());
  const authority = (m?.[1] ?? '').toLowerCase();
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
  const host = hostPort.startsWith('[')
    ? hostPort.slice(0, hostPort.indexOf(']') + 1)
    : hostPort.split(':')[0];
  return !(host === 'localhost' || host?.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]');
}
