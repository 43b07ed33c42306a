import { describe, expect, it } from 'vitest';
import { checkHouse, fileCycles, roomOf } from './house-rules.js';
import type { ImportGraph } from './import-graph.js';

const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';

function graphOf(edges: [string, string][], externalImports: [string, string][] = []): ImportGraph {
  const files = [...new Set(edges.flat().concat(externalImports.map(([from]) => from)))];
  return {
    files,
    edges: edges.map(([from, to]) => ({ from, to, specifier: to })),
    externalImports: externalImports.map(([from, specifier]) => ({ from, specifier })),
  };
}

function rulesBroken(edges: [string, string][], externalImports: [string, string][] = []): string[] {
  return checkHouse(graphOf(edges, externalImports)).violations.map((violation) => violation.rule);
}

describe('roomOf', () => {
  it('gives each domain of modules/ and features/ a room of its own, on the domains floor', () => {
    expect(roomOf(`${SERVER}/modules/insights/insights.service.ts`)).toMatchObject({
      name: `${SERVER}/modules/insights`,
    });
    expect(roomOf(`${SERVER}/modules/insights/insights.service.ts`)?.floor).toBe(
      roomOf(`${SERVER}/modules/users/users.service.ts`)?.floor,
    );
    expect(roomOf(`${WEB}/features/heatmaps/components/x.tsx`)?.name).toBe(`${WEB}/features/heatmaps`);
  });

  it('puts a file outside every building in no room, and an unknown folder on no floor', () => {
    expect(roomOf('bench/run.ts')).toBeUndefined();
    expect(roomOf(`${SERVER}/somewhere-new/x.ts`)?.floor).toBe(-1);
  });
});

describe('checkHouse', () => {
  it('accepts imports downwards and within a floor', () => {
    expect(
      rulesBroken([
        [`${SERVER}/modules/insights/insights.service.ts`, `${SERVER}/http/policy.ts`],
        [`${SERVER}/modules/insights/insights.service.ts`, `${SERVER}/modules/users/users.service.ts`],
        [`${SERVER}/app.ts`, `${SERVER}/modules/users/users.routes.ts`],
        [`${WEB}/pages/home-page.tsx`, `${WEB}/features/home/index.ts`],
        [`${WEB}/features/home/index.ts`, 'packages/contract/src/index.ts'],
      ]),
    ).toEqual([]);
  });

  it('refuses an upward import', () => {
    expect(rulesBroken([[`${SERVER}/db/client.ts`, `${SERVER}/modules/users/users.service.ts`]])).toEqual([
      'upward',
    ]);
    expect(rulesBroken([[`${WEB}/features/home/x.tsx`, `${WEB}/app/theme.ts`]])).toEqual(['upward']);
    expect(rulesBroken([['packages/contract/src/x.ts', `${WEB}/ui/format.ts`]])).toContain('upward');
  });

  it('refuses imports between the apps', () => {
    expect(rulesBroken([[`${WEB}/ui/format.ts`, `${SERVER}/config.ts`]])).toEqual(['between apps']);
  });

  it('keeps demo data out of the product', () => {
    expect(rulesBroken([[`${SERVER}/modules/user-tests/x.ts`, 'packages/demo-data/src/index.ts']])).toEqual([
      'wing',
    ]);
    expect(rulesBroken([[`${SERVER}/demo/seed.ts`, 'packages/demo-data/src/index.ts']])).toEqual([]);
    expect(rulesBroken([[`${SERVER}/modules/user-tests/x.ts`, `${SERVER}/demo/seed.ts`]])).toEqual([
      'upward',
    ]);
  });

  it("refuses an import past another feature's index, but not inside a feature", () => {
    expect(rulesBroken([[`${WEB}/features/home/x.tsx`, `${WEB}/features/user-tests/api.ts`]])).toEqual([
      'past entry',
    ]);
    expect(rulesBroken([[`${WEB}/features/user-tests/x.tsx`, `${WEB}/features/user-tests/api.ts`]])).toEqual(
      [],
    );
  });

  it("refuses reading another module's repository", () => {
    expect(
      rulesBroken([
        [`${SERVER}/modules/ai/ai.service.ts`, `${SERVER}/modules/insights/insights.repository.ts`],
      ]),
    ).toEqual(['repository']);
    expect(
      rulesBroken([[`${SERVER}/modules/ai/ai.service.ts`, `${SERVER}/modules/ai/ai.repository.ts`]]),
    ).toEqual([]);
  });

  it('refuses SQL outside repositories and the database folder', () => {
    expect(rulesBroken([], [[`${SERVER}/modules/ai/ai.service.ts`, 'drizzle-orm']])).toEqual(['sql']);
    expect(rulesBroken([], [[`${SERVER}/modules/ai/ai.repository.ts`, 'drizzle-orm']])).toEqual([]);
    expect(rulesBroken([], [[`${SERVER}/db/client.ts`, 'drizzle-orm/pglite']])).toEqual([]);
  });

  it('refuses a file-level cycle, also inside one room', () => {
    const a = `${SERVER}/modules/ai/a.ts`;
    const b = `${SERVER}/modules/ai/b.ts`;
    expect(
      rulesBroken([
        [a, b],
        [b, a],
      ]),
    ).toEqual(['cycle']);
  });

  it('counts rooms that import each other, though each arrow may be allowed', () => {
    const report = checkHouse(
      graphOf([
        [`${SERVER}/modules/ai/a.ts`, `${SERVER}/modules/users/b.ts`],
        [`${SERVER}/modules/users/c.ts`, `${SERVER}/modules/ai/d.ts`],
      ]),
    );
    expect(report.violations).toEqual([]);
    expect(report.mutualPairs).toEqual([[`${SERVER}/modules/ai`, `${SERVER}/modules/users`]]);
  });
});

describe('fileCycles', () => {
  it('finds each strongly connected group once and leaves a chain alone', () => {
    const cycles = fileCycles(
      graphOf([
        ['a', 'b'],
        ['b', 'c'],
        ['c', 'a'],
        ['c', 'd'],
        ['d', 'e'],
      ]),
    );
    expect(cycles).toEqual([['a', 'b', 'c']]);
  });
});
