import fs from 'node:fs';
import path from 'node:path';

/**
 * Which of the server's test files run on both database engines, read from their imports
 * (vitest.config.ts and scripts/test.mjs; docs/testing.md, "Each test runs as often as it must").
 */

/** The route matrix: every route × role × company, and bad input to every route, per module. */
export const ROUTE_MATRIX = [
  'src/**/*.route-policy.test.ts',
  'src/**/*.bad-input.test.ts',
  'test/route-coverage.test.ts',
];

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
  const reaches = reachesTestDatabase(serverRoot);
  const files: ServerTestFiles = { database: [], databaseIsolated: [], databaseFree: [] };
  for (const file of testFiles(serverRoot)) {
    if (isRouteMatrix(file)) continue;
    const source = fs.readFileSync(path.join(serverRoot, file), 'utf8');
    if (!reaches(path.join(serverRoot, file))) files.databaseFree.push(file);
    else if (MODULE_MOCK.test(source)) files.databaseIsolated.push(file);
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
  return (
    file.endsWith('.route-policy.test.ts') ||
    file.endsWith('.bad-input.test.ts') ||
    file === 'test/route-coverage.test.ts'
  );
}

/** Whether a file's relative imports lead, at any depth, to the test database. */
function reachesTestDatabase(serverRoot: string): (file: string) => boolean {
  const target = path.join(serverRoot, TEST_DATABASE_MODULE);
  const edges = new Map<string, { namesVariable: boolean; imports: string[] }>();
  const read = (file: string) => {
    let known = edges.get(file);
    if (!known) {
      const source = fs.readFileSync(file, 'utf8');
      known = {
        namesVariable: source.includes(TEST_DATABASE_VARIABLE),
        imports: relativeImports(file, source),
      };
      edges.set(file, known);
    }
    return known;
  };
  return (start) => {
    const seen = new Set([start]);
    const queue = [start];
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      if (file === target) return true;
      const { namesVariable, imports } = read(file);
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
