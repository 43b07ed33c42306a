import fs from 'node:fs';
import path from 'node:path';

/**
 * Which of the server's test files run on both database engines, read from their imports
 * (vitest.config.ts and scripts/test.mjs; docs/testing.md, "Each test runs as often as it must").
 */

/** The route matrix: every route × role × company, and bad input to every route, per module. */
const ROUTE_MATRIX_SUFFIXES = ['.route-policy.test.ts', '.bad-input.test.ts'];
const ROUTE_COVERAGE = 'test/route-coverage.test.ts';
export const ROUTE_MATRIX = [...ROUTE_MATRIX_SUFFIXES.map((suffix) => `src/**/*${suffix}`), ROUTE_COVERAGE];

/** A test file that reaches this module, or names TEST_DATABASE_URL, runs on the test database. */
const TEST_DATABASE_MODULE = 'test/test-database.ts';
const TEST_DATABASE_VARIABLE = 'TEST_DATABASE_URL';
/** Module mocks need the file's own module registry: such files run isolated. */
const MODULE_MOCK = /\bvi\.(?:do)?[mM]ock\(/;

export type ServerTestFiles = {
  /** Files on the test database that share their worker's modules (faster: one import). */
  database: string[];
  /** Files on the test database that mock modules, each with its own module registry. */
  databaseIsolated: string[];
  /** Files that never open the test database: the engine does not change what they check. */
  databaseFree: string[];
};

/** The server's test files outside the route matrix, relative to `serverRoot`, by kind. */
export function serverTestFiles(serverRoot: string): ServerTestFiles {
  const modules = moduleGraph();
  const reaches = reachesTestDatabase(serverRoot, modules);
  const files: ServerTestFiles = { database: [], databaseIsolated: [], databaseFree: [] };
  for (const file of testFiles(serverRoot)) {
    if (isRouteMatrix(file)) continue;
    const full = path.join(serverRoot, file);
    if (!reaches(full)) files.databaseFree.push(file);
    else if (modules(full).mocksModules) files.databaseIsolated.push(file);
    else files.database.push(file);
  }
  return files;
}

function testFiles(serverRoot: string): string[] {
  return ['src', 'test'].flatMap((folder) =>
    fs
      .readdirSync(path.join(serverRoot, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.test.ts'))
      .map((name) => path.join(folder, name).split(path.sep).join('/')),
  );
}

function isRouteMatrix(file: string): boolean {
  return file === ROUTE_COVERAGE || ROUTE_MATRIX_SUFFIXES.some((suffix) => file.endsWith(suffix));
}

type ModuleFacts = { namesVariable: boolean; mocksModules: boolean; imports: string[] };

/** What each module says about the test database, read once a file. */
function moduleGraph(): (file: string) => ModuleFacts {
  const known = new Map<string, ModuleFacts>();
  return (file) => {
    let facts = known.get(file);
    if (!facts) {
      const source = fs.readFileSync(file, 'utf8');
      facts = {
        namesVariable: source.includes(TEST_DATABASE_VARIABLE),
        mocksModules: MODULE_MOCK.test(source),
        imports: relativeImports(file, source),
      };
      known.set(file, facts);
    }
    return facts;
  };
}

/** Whether a file's relative imports lead, at any depth, to the test database. */
function reachesTestDatabase(serverRoot: string, modules: (file: string) => ModuleFacts) {
  const target = path.join(serverRoot, TEST_DATABASE_MODULE);
  return (start: string): boolean => {
    const seen = new Set([start]);
    const queue = [start];
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      if (file === target) return true;
      const { namesVariable, imports } = modules(file);
      if (namesVariable) return true;
      for (const imported of imports)
        if (!seen.has(imported)) {
          seen.add(imported);
          queue.push(imported);
        }
    }
    return false;
  };
}

/** The TypeScript files a module imports by relative path (`./x.js` is `./x.ts` on disk). */
function relativeImports(file: string, source: string): string[] {
  const specifiers = [...source.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map(
    (match) => match[1] as string,
  );
  return specifiers
    .map((specifier) => path.resolve(path.dirname(file), specifier).replace(/\.js$/, '.ts'))
    .filter((resolved) => resolved.endsWith('.ts') && fs.existsSync(resolved));
}
