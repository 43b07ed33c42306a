import type { ImportEdge, ImportGraph } from './import-graph.js';

/**
 * The floors of the house, from the ground up. Each building is a folder whose rooms are its
 * top-level files and folders, except `modules/` and `features/`, which hold one room per domain
 * (`modules/user-tests`, `features/heatmaps`). A room may import rooms of its own floor and below, never
 * above; the packages are below both apps, and the apps do not import each other.
 */
export const BUILDINGS: Building[] = [
  {
    root: 'packages/',
    floors: [['contract'], ['analytics'], ['demo-data']],
  },
  {
    root: 'apps/server/src/',
    floors: [
      // configuration and the infrastructure every module uses
      ['config.ts'],
      ['auth', 'files', 'mail', 'media', 'rich-text'],
      // the database: schema, migrations, client, reference data
      ['db'],
      // requests (authentication, policy, errors) and the job runner
      ['deps.ts', 'http', 'jobs'],
      // the domains
      ['modules/*'],
      // the demo seed: its own wing, which nothing in the product imports
      ['demo'],
      // the process assembly: the app, its routes and jobs, the entry points
      ['app.ts', 'app.route-cases.ts', 'job-handlers.ts', 'main.ts', 'worker.ts', 'verify-audit.ts'],
    ],
  },
  {
    root: 'apps/web/src/',
    floors: [['vite-env.d.ts', 'api'], ['ui'], ['features/*'], ['shell'], ['pages'], ['app']],
  },
];

/** Rooms that only the named rooms may import (demo code stays out of the product). */
export const WINGS: { room: string; onlyFrom: string[] }[] = [
  { room: 'packages/demo-data', onlyFrom: ['apps/server/src/demo'] },
];

/** Files that may run SQL: repositories and the database's own folder. */
const SQL_HOMES = [/\.repository\.ts$/, /^apps\/server\/src\/db\//];
const SQL_PACKAGES = [/^drizzle-orm(\/|$)/, /^pg$/, /^@electric-sql\/pglite/];
const REPOSITORY = /\.repository\.ts$/;

type Building = { root: string; floors: string[][] };
export type Room = { name: string; building: number; floor: number };

export type Violation = {
  rule: 'upward' | 'between apps' | 'wing' | 'past entry' | 'repository' | 'sql' | 'cycle';
  text: string;
};

export type HouseReport = {
  violations: Violation[];
  /** Pairs of rooms that import each other (a knot, though each arrow may be allowed). */
  mutualPairs: [string, string][];
  cycles: string[][];
};

/** The room of a product file, or undefined for a file outside every building (bench, scripts). */
export function roomOf(file: string): Room | undefined {
  for (const [buildingIndex, building] of BUILDINGS.entries()) {
    if (!file.startsWith(building.root)) continue;
    const parts = file.slice(building.root.length).split('/');
    const [first = '', second] = parts;
    const domain = (first === 'modules' || first === 'features') && second !== undefined && parts.length > 2;
    const short = domain ? `${first}/${second}` : first;
    const floor = building.floors.findIndex((rooms) =>
      rooms.some((pattern) => pattern === short || (domain && pattern === `${first}/*`)),
    );
    return { name: `${building.root}${short}`, building: buildingIndex, floor };
  }
  return undefined;
}

export function checkHouse(graph: ImportGraph): HouseReport {
  const violations: Violation[] = [];
  for (const edge of graph.edges) violations.push(...edgeViolations(edge));
  for (const { from, specifier } of graph.externalImports) {
    if (SQL_PACKAGES.some((pattern) => pattern.test(specifier)) && !isSqlHome(from))
      violations.push({ rule: 'sql', text: `${from} imports ${specifier}: SQL lives in repositories` });
  }
  const cycles = fileCycles(graph);
  for (const cycle of cycles) violations.push({ rule: 'cycle', text: cycle.join(' → ') });
  return { violations, mutualPairs: mutualRoomPairs(graph.edges), cycles };
}

function edgeViolations(edge: ImportEdge): Violation[] {
  const from = roomOf(edge.from);
  const to = roomOf(edge.to);
  if (from === undefined || to === undefined || from.name === to.name) return [];
  const arrow = `${edge.from} → ${edge.to}`;
  const found: Violation[] = [];
  if (from.floor < 0) found.push({ rule: 'upward', text: `${arrow}: ${from.name} is on no floor` });
  else if (to.floor < 0) found.push({ rule: 'upward', text: `${arrow}: ${to.name} is on no floor` });
  else if (from.building === to.building && to.floor > from.floor)
    found.push({ rule: 'upward', text: `${arrow}: ${from.name} imports ${to.name}, a floor above it` });
  if (from.building !== 0 && to.building !== 0 && from.building !== to.building)
    found.push({ rule: 'between apps', text: `${arrow}: an app imports only the packages` });
  if (from.building === 0 && to.building !== 0)
    found.push({ rule: 'upward', text: `${arrow}: a package imports an app` });
  const wing = WINGS.find(({ room }) => room === to.name);
  if (wing !== undefined && !wing.onlyFrom.includes(from.name))
    found.push({ rule: 'wing', text: `${arrow}: only ${wing.onlyFrom.join(', ')} may import ${wing.room}` });
  if (to.name.includes('/features/') && !/\/index\.tsx?$/.test(edge.to))
    found.push({ rule: 'past entry', text: `${arrow}: import ${to.name} through its index.ts` });
  if (REPOSITORY.test(edge.to))
    found.push({
      rule: 'repository',
      text: `${arrow}: ${from.name} reads another module's repository; ask its service`,
    });
  return found;
}

function isSqlHome(file: string): boolean {
  return SQL_HOMES.some((pattern) => pattern.test(file));
}

function mutualRoomPairs(edges: ImportEdge[]): [string, string][] {
  const arrows = new Set<string>();
  for (const edge of edges) {
    const from = roomOf(edge.from)?.name;
    const to = roomOf(edge.to)?.name;
    if (from !== undefined && to !== undefined && from !== to) arrows.add(`${from}\n${to}`);
  }
  const pairs: [string, string][] = [];
  for (const arrow of arrows) {
    const [from = '', to = ''] = arrow.split('\n');
    if (from < to && arrows.has(`${to}\n${from}`)) pairs.push([from, to]);
  }
  return pairs.sort();
}

/** The strongly connected groups of two or more files (Tarjan), each as a list of its files. */
export function fileCycles(graph: Pick<ImportGraph, 'files' | 'edges'>): string[][] {
  const next = new Map<string, string[]>(graph.files.map((file) => [file, []]));
  for (const { from, to } of graph.edges) if (from !== to) next.get(from)?.push(to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let counter = 0;
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of next.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const file of graph.files) if (!index.has(file)) visit(file);
  return groups;
}
