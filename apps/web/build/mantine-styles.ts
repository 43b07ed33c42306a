import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Mantine's stylesheet cut to the components the app can render. `@mantine/core/styles.css` holds
 * every component's rules (295 KB); the page cannot paint before it has them, and a phone spent
 * some 40 ms of its first tasks parsing them and matching their selectors. In the build the file
 * is replaced by the rules of the components reachable from the app's imports of Mantine, in the
 * file's own order (later components override earlier ones).
 *
 * A component's rules are `styles/<Name>.css`; a component that has rules imports its class names
 * from `<Name>.module.mjs`. Walking Mantine's ES modules from each name the app imports therefore
 * finds every rule it can need, also those of components that others render (Select → Combobox).
 */
const STYLESHEET = /[\\/]@mantine[\\/]core[\\/]styles\.css$/;
/** The rules every page needs whatever it renders: reset, theme variables, global classes. */
const ALWAYS = ['baseline', 'default-css-variables', 'global'];
/** Packages whose components render Mantine's own (they import them from @mantine/core by name). */
const MANTINE_PACKAGES = ['@mantine/notifications', '@mantine/modals'];

export function mantineStyles(sourceDir = 'src'): Plugin {
  let root = '';
  return {
    name: 'limbus-mantine-styles',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    load(id) {
      const file = id.split('?')[0] ?? id;
      if (!STYLESHEET.test(file)) return null;
      const core = path.dirname(file);
      const names = [...appImportsOfMantine(path.resolve(root, sourceDir)), ...packageImportsOfMantine(core)];
      return cutStylesheet(core, componentsWithRules(core, names));
    },
  };
}

/** The stylesheet of the given components (and the rules every page needs), in the full file's order. */
export function cutStylesheet(core: string, components: ReadonlySet<string>): string {
  const full = fs.readFileSync(path.join(core, 'styles.css'), 'utf8');
  const parts = [...ALWAYS, ...components].map((name) => {
    const rules = fs.readFileSync(path.join(core, 'styles', `${name}.css`), 'utf8').trim();
    const at = full.indexOf(rules);
    if (at < 0) throw new Error(`Mantine's styles/${name}.css is not part of its styles.css`);
    return { at, rules };
  });
  return parts
    .sort((a, b) => a.at - b.at)
    .map((part) => part.rules)
    .join('\n');
}

/** The components with rules that the given exports of @mantine/core render, directly or not. */
export function componentsWithRules(core: string, names: Iterable<string>): Set<string> {
  const esm = path.join(core, 'esm');
  const exportFiles = exportedFrom(path.join(esm, 'index.mjs'));
  const components = new Set<string>();
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file) || !fs.existsSync(file)) return;
    seen.add(file);
    const classNames = /([A-Za-z]+)\.module\.mjs$/.exec(file)?.[1];
    if (classNames) components.add(classNames);
    for (const specifier of relativeImports(fs.readFileSync(file, 'utf8')))
      walk(path.resolve(path.dirname(file), specifier));
  };
  for (const name of names) {
    const file = exportFiles.get(name);
    if (file) walk(file);
  }
  return components;
}

/** Export name → module file, from Mantine's index (`import { A, B as C } from "./x.mjs"`). */
function exportedFrom(index: string): Map<string, string> {
  const files = new Map<string, string>();
  const source = fs.readFileSync(index, 'utf8');
  for (const [, list = '', specifier = ''] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g)) {
    for (const name of namesOf(list, 'local')) files.set(name, path.resolve(path.dirname(index), specifier));
  }
  return files;
}

function relativeImports(source: string): string[] {
  return [...source.matchAll(/(?:from|import)\s*"(\.[^"]+)"/g)].map((match) => match[1] ?? '');
}

/**
 * The names of an import list, `A, B as C, type D`: those imported (A, B) or those bound here
 * (A, C); type imports render nothing and are left out.
 */
function namesOf(list: string, side: 'imported' | 'local'): string[] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => {
      const [imported = part, local = imported] = part.split(/\s+as\s+/);
      return side === 'imported' ? imported : local;
    });
}

/** The names the app's sources import from @mantine/core (tests excluded: they are not shipped). */
export function appImportsOfMantine(sourceDir: string): Set<string> {
  const names = new Set<string>();
  for (const entry of fs.readdirSync(sourceDir, { recursive: true })) {
    const file = path.join(sourceDir, String(entry));
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
    for (const name of importedNames(fs.readFileSync(file, 'utf8'), '@mantine/core')) names.add(name);
  }
  return names;
}

/** The names Mantine's other packages import from @mantine/core. */
function packageImportsOfMantine(core: string): Set<string> {
  const names = new Set<string>();
  for (const name of MANTINE_PACKAGES) {
    const esm = path.resolve(core, '..', name.split('/')[1] ?? '', 'esm');
    if (!fs.existsSync(esm)) continue;
    for (const entry of fs.readdirSync(esm, { recursive: true })) {
      if (!String(entry).endsWith('.mjs')) continue;
      const source = fs.readFileSync(path.join(esm, String(entry)), 'utf8');
      for (const imported of importedNames(source, '@mantine/core')) names.add(imported);
    }
  }
  return names;
}

/** The imported (not local) names of `import { … } from '<from>'` in a source. */
export function importedNames(source: string, from: string): string[] {
  const pattern = new RegExp(`import\\s+(?:type\\s+)?\\{([^}]*)\\}\\s*from\\s*['"]${from}['"]`, 'g');
  return [...source.matchAll(pattern)].flatMap(([match, list = '']) =>
    match.startsWith('import type') ? [] : namesOf(list, 'imported'),
  );
}
