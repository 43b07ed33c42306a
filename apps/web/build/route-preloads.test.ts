// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRouteScreens } from './route-preloads';

const routerSource = fs.readFileSync(path.join(import.meta.dirname, '../src/app/router.tsx'), 'utf8');
const screens = readRouteScreens(routerSource);
const patterns = screens.map((screen) => screen.pattern);
const modulesOf = (pattern: string) => screens.find((screen) => screen.pattern === pattern)?.modules;

describe('the route table read at build time', () => {
  it("names a results screen's layouts and its own module", () => {
    expect(modulesOf('/test/:id/heatmaps')).toEqual([
      '../shell/app-layout',
      '../pages/test-layout-page',
      '../pages/heatmaps-page',
    ]);
    expect(modulesOf('/test/:id/participant/:participantId/recording')).toContain('../pages/recording-page');
  });

  it('ranks patterns as React Router does: static segments before parameters before splats', () => {
    const before = (a: string, b: string) => expect(patterns.indexOf(a)).toBeLessThan(patterns.indexOf(b));
    before('/test/:id/heatmaps', '/test/:id/*');
    before('/resources/new', '/resources/:id');
    before('/research/test/:id/heatmaps', '/research/*');
    before('/test/:id', '/*');
  });

  it('makes two patterns of an optional segment and keeps pathless layouts out of the path', () => {
    expect(patterns).toEqual(expect.arrayContaining(['/test/:id/tags', '/test/:id/tags/:tagId']));
    expect(patterns).toEqual(expect.arrayContaining(['/organisation', '/signup', '/admin/users/:id']));
  });

  it('finds every lazy screen the table declares', () => {
    const declared = [...routerSource.matchAll(/import\('([^']+)'\)/g)].map((match) => match[1]);
    const named = new Set(screens.flatMap((screen) => screen.modules));
    expect(declared.length).toBeGreaterThan(40);
    for (const specifier of declared) expect(named, specifier).toContain(specifier);
  });

  it('refuses a file without a route table', () => {
    expect(() => readRouteScreens('export const other = [];')).toThrow(/route table/);
  });
});
