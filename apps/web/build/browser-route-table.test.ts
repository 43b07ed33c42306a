// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { slimRouteTable } from './browser-route-table';

const CONTRACT = path.join(import.meta.dirname, '../../../packages/contract/src');

/** The syntax errors of a TypeScript source (the slim source must still compile). */
function syntaxErrors(source: string): string[] {
  const output = ts.transpileModule(source, { reportDiagnostics: true, compilerOptions: { module: 99 } });
  return (output.diagnostics ?? []).map((diagnostic) =>
    ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '),
  );
}

describe('the route table as the browser builds it', () => {
  const source = `
import { z } from 'zod';
const idParams = z.object({ id: z.string() }).strict();
const kindParam = z.enum(KINDS, { error: \`One of \${KINDS.join(', ')}\` });
export const LIMIT = 5;
const label = (text: string) => { register(text); return z.string().max(LIMIT); };
export const thingRoutes = defineRoutes('things', {
  list: { method: 'GET', path: '/things', access: 'user', summary: 'All', responses: { 200: z.array(z.string()) } },
  create: {
    method: 'POST',
    path: '/things/:id',
    params: idParams,
    multipart: true,
    responses: { 201: null },
    errors: [409],
  },
});`;
  const slim = slimRouteTable(source);

  it('keeps of each route only what a call needs: method, path and multipart', () => {
    expect(slim).toContain("list: { method: 'GET', path: '/things' }");
    expect(slim).toContain("create: { method: 'POST', path: '/things/:id', multipart: true }");
    expect(slim).not.toMatch(/summary|responses|access|errors|params:/);
  });

  it('makes every module-level value that calls anything pure, and leaves function bodies alone', () => {
    expect(slim).toContain('/* @__PURE__ */ (() => (z.object({ id: z.string() }).strict()))()');
    expect(slim).toContain(
      `/* @__PURE__ */ (() => (z.enum(KINDS, { error: \`One of \${KINDS.join(', ')}\` })))()`,
    );
    expect(slim).toContain('export const LIMIT = 5;');
    expect(slim).toContain('{ register(text); return z.string().max(LIMIT); }');
    expect(slim).toContain("/* @__PURE__ */ defineRoutes('things'");
    expect(syntaxErrors(slim)).toEqual([]);
  });

  it('slims every module of the contract into source that still compiles', () => {
    const files = fs
      .readdirSync(CONTRACT)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
    let routeTables = 0;
    for (const name of files) {
      const original = fs.readFileSync(path.join(CONTRACT, name), 'utf8');
      const slimmed = slimRouteTable(original);
      expect(syntaxErrors(slimmed), name).toEqual([]);
      if (original.includes("= defineRoutes('")) {
        routeTables += 1;
        expect(slimmed, name).not.toMatch(/responses:/);
      }
    }
    expect(routeTables).toBeGreaterThan(20);
  });
});
