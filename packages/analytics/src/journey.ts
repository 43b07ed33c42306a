import type { PageVisit } from './page-visits.js';
import { type MatchType, matchesAnyUrl } from './url-match.js';

/** A page (label) of a test: its URLs and how they match. */
export type JourneyPage = { id: number; urls: readonly string[]; matchType: MatchType };

/**
 * The pages one participant went through, in order: each visit (ascending) becomes the first page
 * whose URLs match it; visits matching no page are skipped, and a page following itself (a visit
 * split by a pause of more than 1 s) counts once.
 */
export function pagePath(visits: readonly PageVisit[], pages: readonly JourneyPage[]): number[] {
  const path: number[] = [];
  const cache = new Map<string, number | null>();
  for (const visit of visits) {
    let pageId = cache.get(visit.url);
    if (pageId === undefined) {
      pageId = pages.find((page) => matchesAnyUrl(visit.url, page.urls, page.matchType))?.id ?? null;
      cache.set(visit.url, pageId);
    }
    if (pageId !== null && path[path.length - 1] !== pageId) path.push(pageId);
  }
  return path;
}

/**
 * A step-to-step move of the journey: from page `source` at step `step` (0 = the first page seen)
 * to page `target` at step + 1, or to null when the participants left there (their path ended).
 */
export type JourneyLink = { step: number; source: number; target: number | null; participants: number };

/** Participants on a page at a step. */
export type JourneyNode = { step: number; page: number; participants: number };

export type JourneyFlow = {
  nodes: JourneyNode[];
  links: JourneyLink[];
  /** Participants with at least one page. */
  participants: number;
  /** Participants whose path went on past the last step shown. */
  continued: number;
};

/**
 * The flow of a Sankey diagram of page visits in order: every path's first `maxSteps` pages are
 * nodes (step, page); consecutive pages are links; a path ending within those steps adds a link
 * to null (the drop-off). A path longer than `maxSteps` is cut and counted in `continued`.
 * Nodes and links are sorted by step, then by participants (most first), then by page id (drop-offs
 * last).
 */
export function journeyFlow(paths: readonly (readonly number[])[], maxSteps = 8): JourneyFlow {
  const nodes = new Map<string, JourneyNode>();
  const links = new Map<string, JourneyLink>();
  let participants = 0;
  let continued = 0;
  for (const path of paths) {
    if (path.length === 0) continue;
    participants++;
    const shown = Math.min(path.length, maxSteps);
    for (let step = 0; step < shown; step++) {
      const page = path[step] as number;
      const nodeKey = `${step}:${page}`;
      const node = nodes.get(nodeKey) ?? { step, page, participants: 0 };
      node.participants++;
      nodes.set(nodeKey, node);
      if (step === shown - 1 && path.length > maxSteps) continue;
      const target = step + 1 < shown ? (path[step + 1] as number) : null;
      const linkKey = `${step}:${page}:${target}`;
      const link = links.get(linkKey) ?? { step, source: page, target, participants: 0 };
      link.participants++;
      links.set(linkKey, link);
    }
    if (path.length > maxSteps) continued++;
  }
  const byStep = <T extends { step: number; participants: number }>(a: T, b: T, idA: number, idB: number) =>
    a.step - b.step || b.participants - a.participants || idA - idB;
  return {
    nodes: [...nodes.values()].sort((a, b) => byStep(a, b, a.page, b.page)),
    links: [...links.values()].sort((a, b) =>
      byStep(a, b, a.source * 1e6 + (a.target ?? 999_999), b.source * 1e6 + (b.target ?? 999_999)),
    ),
    participants,
    continued,
  };
}
