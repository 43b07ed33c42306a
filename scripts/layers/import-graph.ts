import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One import of one product file by another: paths relative to the repository's root. */
export type ImportEdge = { from: string; to: string; specifier: string };

export type ImportGraph = {
  /** Every product file read, relative to the root, with '/' separators. */
  files: string[];
  edges: ImportEdge[];
  /** Imports of other packages (drizzle-orm, react …): the importing file and the specifier. */
  externalImports: { from: string; specifier: string }[];
};

const SOURCE_EXTENSIONS = ['.ts', '.tsx'];
/**
 * Test code is not a room of the house: tests, their helpers and fixtures, the route matrix's rows
 * (`*.route-cases.ts`) and shared suites (`*.contract.ts`).
 */
const NOT_PRODUCT = [
  /\.test\.tsx?$/,
  /\.d\.ts$/,
  /(^|\/)test-helpers\.ts$/,
  /(^|\/)test\//,
  /\.route-cases\.ts$/,
  /\.contract\.ts$/,
];

/** The workspace packages by name, each to the file its `exports['.']` names. */
export function workspaceEntries(root: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const folder of ['packages', 'apps']) {
    for (const name of fs.readdirSync(path.join(root, folder))) {
      const manifestPath = path.join(root, folder, name, 'package.json');
      if (!fs.existsSync(manifestPath)) continue;
      const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
      const entry = manifest.exports?.['.'];
      if (typeof entry === 'string') entries[manifest.name] = toPosix(path.join(folder, name, entry));
    }
  }
  return entries;
}

/**
 * Reads the imports of every product file under the given folders: static, type-only, re-exports
 * and dynamic `import()`, as TypeScript's own pre-processor finds them. A relative import resolves
 * as the compiler does (`./x.js` to `x.ts`, a folder to its index); a workspace package to its
 * entry file. Imports of other packages are not edges.
 */
export function readImportGraph(root: string, sourceFolders: string[]): ImportGraph {
  const files = sourceFolders.flatMap((folder) => listSources(root, folder));
  const known = new Set(files);
  const packages = workspaceEntries(root);
  const edges: ImportEdge[] = [];
  const externalImports: { from: string; specifier: string }[] = [];
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const { importedFiles } = ts.preProcessFile(text, true, true);
    for (const { fileName: specifier } of importedFiles) {
      const isRelative = specifier.startsWith('.');
      const target = isRelative ? resolveRelative(root, file, specifier) : packages[specifier];
      if (target !== undefined && known.has(target)) edges.push({ from: file, to: target, specifier });
      else if (!isRelative && target === undefined) externalImports.push({ from: file, specifier });
    }
  }
  return { files, edges, externalImports };
}

function resolveRelative(root: string, from: string, specifier: string): string | undefined {
  const base = path.join(path.dirname(from), specifier.replace(/\.(m?js|jsx)$/, ''));
  const candidates = [
    ...SOURCE_EXTENSIONS.map((extension) => `${base}${extension}`),
    ...SOURCE_EXTENSIONS.map((extension) => path.join(base, `index${extension}`)),
  ];
  const found = candidates.find((candidate) => fs.existsSync(path.join(root, candidate)));
  return found === undefined ? undefined : toPosix(found);
}

function listSources(root: string, folder: string): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = toPosix(path.join(relative, entry.name));
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(child);
      } else if (isProductSource(child)) found.push(child);
    }
  };
  walk(folder);
  return found.sort();
}

export function isProductSource(file: string): boolean {
  return (
    SOURCE_EXTENSIONS.some((extension) => file.endsWith(extension)) &&
    !NOT_PRODUCT.some((pattern) => pattern.test(file))
  );
}

function toPosix(file: string): string {
  return file.split(path.sep).join('/');
}
