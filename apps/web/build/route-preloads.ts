import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';

/**
 * The chunks each address of the app needs, written beside the build as `route-preloads.json` so
 * that the server names them in the page it answers (`<link rel="modulepreload">`). Without it a
 * phone fetches the main chunk, evaluates it, and only then learns which screen chunks to fetch:
 * on Lighthouse's simulated phone network that wait was a second of the largest paint.
 *
 * The addresses come from the route table itself (src/app/router.tsx), read at build time: each
 * route's path joined to its parents', and the lazy screens (`lazyPage`) its element and its
 * parents' elements render.
 */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** One address pattern of the route table and the source modules of the screens it renders. */
export type RouteScreens = { pattern: string; score: number; modules: string[] };

/** What the server reads: patterns in the router's order of preference, files as absolute URLs. */
export type RoutePreloads = { routes: { pattern: string; files: string[] }[] };

export function routePreloads(routerFile = 'src/app/router.tsx'): Plugin {
  let routerId = '';
  let screens: { pattern: string; moduleIds: string[] }[] = [];
  return {
    name: 'limbus-route-preloads',
    apply: 'build',
    // the route table as written (JSX), before it is compiled
    enforce: 'pre',
    configResolved(config) {
      routerId = path.resolve(config.root, routerFile);
    },
    async transform(code, id) {
      if (id !== routerId) return null;
      screens = [];
      for (const route of readRouteScreens(code)) {
        const moduleIds: string[] = [];
        for (const specifier of route.modules) {
          const resolved = await this.resolve(specifier, id);
          if (!resolved) this.error(`route-preloads: cannot resolve ${specifier} from the route table`);
          moduleIds.push(resolved.id);
        }
        screens.push({ pattern: route.pattern, moduleIds });
      }
      return null;
    },
    generateBundle(_options, bundle) {
      if (screens.length === 0) this.error('route-preloads: the route table named no lazy screens');
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const chunkOf = new Map(chunks.flatMap((chunk) => chunk.moduleIds.map((id) => [id, chunk] as const)));
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const filesOf = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return;
        into.add(fileName);
        const chunk = byFile.get(fileName);
        for (const css of chunk?.viteMetadata?.importedCss ?? []) into.add(css);
        for (const imported of chunk?.imports ?? []) filesOf(imported, into);
      };
      const inThePage = new Set<string>();
      for (const entry of chunks.filter((chunk) => chunk.isEntry)) filesOf(entry.fileName, inThePage);
      const routes = screens.map(({ pattern, moduleIds }) => {
        const files = new Set<string>();
        for (const id of moduleIds) {
          const chunk = chunkOf.get(id);
          if (!chunk) this.error(`route-preloads: no chunk holds ${id}`);
          filesOf(chunk.fileName, files);
        }
        return {
          pattern,
          files: [...files].filter((file) => !inThePage.has(file)).map((file) => `/${file}`),
        };
      });
      const source: RoutePreloads = { routes };
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(source) });
    },
  };
}

/**
 * The address patterns of a route table written as `export const routes = [...]`, most specific
 * first as React Router ranks them, with the module specifiers of their lazy screens.
 */
export function readRouteScreens(source: string): RouteScreens[] {
  const file = ts.createSourceFile('router.tsx', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const loaders = new Map<string, string>();
  const lazyScreens = new Map<string, string>();
  let table: ts.ArrayLiteralExpression | undefined;
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
      const name = declaration.name.text;
      const value = declaration.initializer;
      const imported = importedBy(value);
      if (imported) loaders.set(name, imported);
      else if (ts.isCallExpression(value) && value.expression.getText() === 'lazyPage') {
        const loader = value.arguments[0];
        const specifier = loader && (importedBy(loader) ?? loaders.get(loader.getText()));
        if (specifier) lazyScreens.set(name, specifier);
      } else if (name === 'routes' && ts.isArrayLiteralExpression(value)) table = value;
    }
  }
  if (!table) throw new Error('route-preloads: the route table (export const routes = [...]) was not found');
  const found: RouteScreens[] = [];
  const visit = (routes: ts.ArrayLiteralExpression, parentPath: string, parentModules: string[]) => {
    for (const route of routes.elements) {
      if (!ts.isObjectLiteralExpression(route)) continue;
      const props = new Map(
        route.properties
          .filter(ts.isPropertyAssignment)
          .map((p) => [p.name.getText(), p.initializer] as const),
      );
      const pathValue = props.get('path');
      const ownPath = pathValue && ts.isStringLiteral(pathValue) ? pathValue.text : '';
      const isIndex = props.get('index')?.kind === ts.SyntaxKind.TrueKeyword;
      const fullPath = ownPath.startsWith('/') ? ownPath : joinPaths(parentPath, ownPath);
      const element = props.get('element');
      const modules = [...parentModules, ...(element ? lazyTagsIn(element, lazyScreens) : [])];
      if (ownPath || isIndex) {
        for (const pattern of withoutOptionals(fullPath)) {
          found.push({ pattern, score: routeScore(pattern, isIndex), modules: [...new Set(modules)] });
        }
      }
      const children = props.get('children');
      if (children && ts.isArrayLiteralExpression(children)) visit(children, fullPath, modules);
    }
  };
  visit(table, '', []);
  // stable: of two equal scores the one declared first wins, as in React Router
  return found.sort((a, b) => b.score - a.score);
}

function importedBy(node: ts.Node): string | undefined {
  if (!ts.isArrowFunction(node)) return undefined;
  const body = node.body;
  if (!ts.isCallExpression(body) || body.expression.kind !== ts.SyntaxKind.ImportKeyword) return undefined;
  const specifier = body.arguments[0];
  return specifier && ts.isStringLiteral(specifier) ? specifier.text : undefined;
}

function lazyTagsIn(node: ts.Node, lazyScreens: Map<string, string>): string[] {
  const modules: string[] = [];
  const walk = (current: ts.Node) => {
    const tag = ts.isJsxSelfClosingElement(current)
      ? current.tagName.getText()
      : ts.isJsxElement(current)
        ? current.openingElement.tagName.getText()
        : undefined;
    const specifier = tag && lazyScreens.get(tag);
    if (specifier) modules.push(specifier);
    ts.forEachChild(current, walk);
  };
  walk(node);
  return modules;
}

function joinPaths(parent: string, child: string): string {
  const joined = `${parent.replace(/\/$/, '')}/${child}`;
  return joined === '' ? '/' : joined;
}

/** `tags/:tagId?` is two patterns, with and without the segment (React Router explodes it too). */
function withoutOptionals(pattern: string): string[] {
  const segments = pattern.split('/');
  const optional = segments.findIndex((segment) => segment.endsWith('?'));
  if (optional < 0) return [pattern];
  const required = [...segments.slice(0, optional), segments[optional]?.slice(0, -1) ?? ''];
  const rest = segments.slice(optional + 1);
  return [
    ...withoutOptionals([...required, ...rest].join('/')),
    ...withoutOptionals([...segments.slice(0, optional), ...rest].join('/') || '/'),
  ];
}

/** React Router's ranking: static segments 10, parameters 3, an index route 2, a splat -2. */
function routeScore(pattern: string, isIndex: boolean): number {
  const segments = pattern.split('/');
  let score = segments.length;
  if (segments.includes('*')) score -= 2;
  if (isIndex) score += 2;
  for (const segment of segments.filter((s) => s !== '*')) {
    score += segment.startsWith(':') ? 3 : segment === '' ? 1 : 10;
  }
  return score;
}
