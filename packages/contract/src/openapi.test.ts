import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { API_GROUP_DESCRIPTIONS, apiRoutes } from './api-routes.js';
import { buildOpenApiDocument } from './openapi.js';

type Operation = { operationId?: string; summary?: string; responses: Record<string, unknown> };

const document = buildOpenApiDocument(apiRoutes, API_GROUP_DESCRIPTIONS) as {
  paths: Record<string, Record<string, Operation>>;
};
const operations = Object.values(document.paths).flatMap((path) => Object.values(path));

describe('the OpenAPI document generated from the route table', () => {
  it("passes Redocly's recommended rules with no error", async () => {
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const errors = problems.filter((problem) => problem.severity === 'error');
    expect(
      errors.map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`),
    ).toEqual([]);
    const warnings = problems.filter((problem) => problem.severity === 'warn');
    expect(
      warnings.map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`),
    ).toEqual([]);
  });

  it('gives every operation an id, a summary and its error answers', () => {
    expect(operations.length).toBeGreaterThan(0);
    for (const operation of operations) {
      expect(operation.operationId).toMatch(/^\w+\.\w+$/);
      expect(operation.summary?.length).toBeGreaterThan(0);
      expect(Object.keys(operation.responses).some((status) => status.startsWith('4'))).toBe(true);
    }
  });

  it('names every operation once', () => {
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
