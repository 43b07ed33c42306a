import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';

/** What the browser reads of a route: bind-routes.ts calls it by method and path. */
const KEPT_ROUTE_FIELDS = new Set(['method', 'path', 'multipart']);

/**
 * The route table as the browser needs it. The contract's routes carry zod schemas for the
 * server (validation, serialization, OpenAPI); the web client only calls them, by method and path,
 * and is typed from them at compile time. Building the table's schemas took some 50 ms of a
 * phone's first script task (Lighthouse's blocking time), so in the web build:
 * - each route of `defineRoutes(...)` keeps only its method, path and multipart flag;
 * - the module-level values that call anything (schemas) become side-effect free (`@__PURE__`),
 *   so those that nothing the browser runs refers to are dropped, with the imports only they
 *   needed (zod); those it does use (form fields) stay.
 * Types are checked on the sources as written (tsc), not on this output.
 */
export function browserRouteTable(contractSources: string): Plugin {
  const root = path.resolve(contractSources);
  return {
    name: 'limbus-browser-route-table',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(root + path.sep) || !id.endsWith('.ts') || id.endsWith('.test.ts')) return null;
      const slim = slimRouteTable(code);
      return slim === code ? null : { code: slim, map: null };
    },
  };
}

/** The source with route specs cut to their call fields and module-level calls marked pure. */
export function slimRouteTable(source: string): string {
  const file = ts.createSourceFile('contract.ts', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edits: { start: number; end: number; text: string }[] = [];
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const value = declaration.initializer && skipTypeAssertions(declaration.initializer);
      if (!value) continue;
      if (ts.isCallExpression(value) && value.expression.getText(file) === 'defineRoutes') {
        edits.push({ start: value.getStart(file), end: value.getStart(file), text: '/* @__PURE__ */ ' });
        edits.push(...routeFieldCuts(value, file));
      } else {
        edits.push(...pureValue(value, file));
      }
    }
  }
  let slim = source;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    slim = slim.slice(0, edit.start) + edit.text + slim.slice(edit.end);
  }
  return slim;
}

/**
 * A module-level value that calls anything, wrapped in an immediately called arrow marked pure:
 * the bundler drops it when the browser never reads it, arguments included. Marking each call
 * pure was not enough: an argument such as `${KINDS.join(', ')}` inside a template stayed, and
 * with it the import of zod. Function bodies are left alone: their calls run when called.
 */
function pureValue(value: ts.Expression, file: ts.SourceFile) {
  if (!callsAtLoad(value)) return [];
  return [
    { start: value.getStart(file), end: value.getStart(file), text: '/* @__PURE__ */ (() => (' },
    { start: value.getEnd(), end: value.getEnd(), text: '))()' },
  ];
}

/** Whether evaluating the expression calls a function (calls inside function bodies wait). */
function callsAtLoad(node: ts.Node): boolean {
  if (ts.isFunctionLike(node)) return false;
  if (ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isTaggedTemplateExpression(node))
    return true;
  return ts.forEachChild(node, callsAtLoad) ?? false;
}

function skipTypeAssertions(node: ts.Expression): ts.Expression {
  let current = node;
  while (
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isParenthesizedExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

function routeFieldCuts(call: ts.CallExpression, file: ts.SourceFile) {
  const specs = call.arguments[1];
  if (!specs || !ts.isObjectLiteralExpression(specs)) return [];
  return specs.properties.flatMap((route) => {
    if (!ts.isPropertyAssignment(route) || !ts.isObjectLiteralExpression(route.initializer)) return [];
    const kept = route.initializer.properties.filter(
      (field) => field.name && KEPT_ROUTE_FIELDS.has(field.name.getText(file)),
    );
    const text = `{ ${kept.map((field) => field.getText(file)).join(', ')} }`;
    return [{ start: route.initializer.getStart(file), end: route.initializer.getEnd(), text }];
  });
}
