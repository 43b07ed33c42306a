import fs from 'node:fs';
import path from 'node:path';

/** Written by the web build (apps/web/build/route-preloads.ts): each address pattern's chunks. */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';

type RouteFiles = { pattern: RegExp; files: string[] };

/**
 * The `<link>` tags that name the chunks and styles of the screens an address shows, for the page
 * answered at that address: the browser fetches them with the main chunk instead of after it.
 * Patterns are tried in the order the build wrote them (the router's ranking); an address no
 * pattern matches, or a build without the file, gets no tags.
 */
export function readRoutePreloads(webDist: string): (pathname: string) => string {
  const file = path.join(webDist, ROUTE_PRELOADS_FILE);
  if (!fs.existsSync(file)) return () => '';
  const routes = parseRoutes(fs.readFileSync(file, 'utf8'));
  const tagsByRoute = new Map(routes.map((route) => [route, linkTags(route.files)]));
  return (pathname) => {
    const route = routes.find(({ pattern }) => pattern.test(pathname));
    return route ? (tagsByRoute.get(route) ?? '') : '';
  };
}

function parseRoutes(text: string): RouteFiles[] {
  const { routes } = JSON.parse(text) as { routes: { pattern: string; files: string[] }[] };
  return routes.map(({ pattern, files }) => ({
    pattern: patternToRegExp(pattern),
    // only the build's own assets: the file is read, never trusted to point elsewhere
    files: files.filter((name) => /^\/assets\/[\w.-]+\.(js|css)$/.test(name)),
  }));
}

/** React Router's matching: `:name` is one segment, `*` the rest, case-insensitive, trailing slash. */
function patternToRegExp(pattern: string): RegExp {
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment === '*' ? '(?:/.*)?' : `/${segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)}`,
    );
  return new RegExp(`^${segments.join('')}/?$`, 'i');
}

/** `text` as a regular expression matches it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Styles first: they hold the first paint, so they should not queue behind the chunks. The chunks
 * at low priority: over HTTP/1.1's six connections they otherwise share the bandwidth with the
 * main chunk and the first API answers, which a throttled phone then got a second later.
 */
function linkTags(files: string[]): string {
  const styles = files.filter((file) => file.endsWith('.css'));
  const scripts = files.filter((file) => !file.endsWith('.css'));
  return [
    ...styles.map((file) => `<link rel="stylesheet" crossorigin href="${file}">`),
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${file}">`),
  ].join('');
}
