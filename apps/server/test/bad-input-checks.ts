import fs from 'node:fs';
import path from 'node:path';
import { errorBodySchema } from '@limbus/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { TestApp } from './create-test-app.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

// ── what the answers must be ──

/** The field names the server keys its errors by for what `schema` says of `input` (error-handler.ts). */
export function expectedFields(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be invalid`);
  const fields = new Set<string>();
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields.add(key);
    } else {
      fields.add(
        issue.path
          .map(String)
          .filter((key) => key !== '' && !/^\d+$/.test(key))
          .at(-1) ?? 'body',
      );
    }
  }
  return [...fields].sort();
}

/** Any client error: 4xx with exactly the contract's error body, and its code's status. */
export function expectClientError(response: LightMyRequestResponse, label: string) {
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  const body = errorBodySchema.strict().parse(response.json());
  expect(body.message.length, label).toBeGreaterThan(0);
  return body;
}

/** A validation error (400) naming exactly `fields`, when given. */
export function expectValidationError(response: LightMyRequestResponse, label: string, fields?: string[]) {
  const body = expectClientError(response, label);
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBe(400);
  expect(body.code).toBe('validation');
  // The keys as sent (parsing into an object would turn a `__proto__` key into a prototype).
  const sentKeys = Object.keys((response.json() as { errors?: object }).errors ?? {});
  if (fields) expect(sentKeys.sort(), `${label}: ${response.body.slice(0, 300)}`).toEqual(fields);
  return body;
}

/**
 * A digest of every row of every table, the outbox and the file store, to prove that rejected
 * calls changed nothing.
 */
async function snapshot(t: TestApp): Promise<string> {
  const digest = (table: string, order: string) =>
    sql.raw(`(select md5(coalesce(string_agg(r::text, '|' order by r.${order}), '')) from ${table} r)`);
  const result = (await t.db.execute(
    sql`select ${digest('users', 'id')} as users, ${digest('profiles', 'user_id')} as profiles,
      ${digest('companies', 'id')} as companies, ${digest('contracts', 'id')} as contracts,
      ${digest('bundles', 'id')} as bundles, ${digest('auth_tokens', 'id')} as tokens, ${digest('tests', 'id')} as tests,
      ${digest('participants', 'id')} as participants, ${digest('participant_streams', 'file_key')} as streams,
      ${digest('significant_points', 'id')} as points, ${digest('tags', 'id')} as tags,
      ${digest('significant_point_tags', 'significant_point_id')} as point_tags, ${digest('labels', 'id')} as labels,
      ${digest('sections', 'id')} as sections, ${digest('moments', 'id')} as moments,
      ${digest('video_series', 'participant_id')} as video_series, ${digest('test_questions', 'id')} as test_questions,
      ${digest('test_setups', 'id')} as test_setups, ${digest('ingest_batches', 'seq')} as batches,
      ${digest('video_uploads', 'participant_id')} as uploads, ${digest('jobs', 'id')} as jobs,
      ${digest('test_metrics', 'test_id')} as metrics,
      ${digest('support_conversations', 'id')} as support_conversations, ${digest('support_messages', 'id')} as support_messages,
      ${digest('insights', 'id')} as insights, ${digest('insight_significant_points', 'insight_id, r.significant_point_id')} as insight_points,
      ${digest('suggestions', 'id')} as suggestions,
      ${digest('resources', 'id')} as resources, ${digest('resource_tags', 'id')} as resource_tags,
      ${digest('resource_tag_links', 'resource_id, r.tag_id')} as resource_tag_links,
      ${digest('answers', 'id')} as answers`,
  )) as unknown as { rows: unknown[] };
  const outbox = path.join(t.dataDir, 'outbox');
  const files = path.join(t.dataDir, 'files');
  return JSON.stringify({
    rows: result.rows,
    outbox: fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0,
    files: fs.existsSync(files) ? fs.readdirSync(files, { recursive: true }).sort() : [],
  });
}

export async function expectUnchanged(t: TestApp, work: () => Promise<void>): Promise<void> {
  const before = await snapshot(t);
  await work();
  expect(await snapshot(t)).toBe(before);
}

// ── the fields of a JSON body ──

const clone = <T>(value: T): T => structuredClone(value);

/** Paths of every field of a body, nested objects included (not the root). */
export function fieldPaths(value: Json, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, child]) => [
    [...prefix, key],
    ...fieldPaths(child, [...prefix, key]),
  ]);
}

/** Paths of the objects of a body, the root included. */
export function objectPaths(value: Json, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  return [prefix, ...Object.entries(value).flatMap(([key, child]) => objectPaths(child, [...prefix, key]))];
}

export function valueAt(value: Json, at: string[]): Json | undefined {
  let current: Json | undefined = value;
  for (const key of at) {
    current =
      current !== null && typeof current === 'object' && !Array.isArray(current) ? current[key] : undefined;
  }
  return current;
}

/** A copy of `body` with the field at `at` replaced, or removed when `replacement` is undefined. */
export function withField(body: JsonObject, at: string[], replacement: Json | undefined): JsonObject {
  const copy = clone(body);
  const parent = valueAt(copy, at.slice(0, -1)) as JsonObject;
  const key = at.at(-1) as string;
  if (replacement === undefined) delete parent[key];
  else parent[key] = replacement;
  return copy;
}

// ── bad values ──

export const kindOf = (value: Json | undefined) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
export const WRONG_VALUES: Json[] = [0, -1, 1.5, 1e308, 'text', '', true, null, [], {}, ['text']];

export const HOSTILE_STRINGS = [
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  'Robert"); DELETE FROM companies; --',
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(1)">',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, sent as plain text
  '{{7*7}} ${7*7} %s %n',
  '../../../etc/passwd',
  'x'.repeat(10_000),
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  'مرحبا بالعالم',
  'abc\u202Eevil\u202C',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  '\r\nSet-Cookie: x=1',
  '   ',
  '',
];
/** Hostile text a stored text field must refuse (PostgreSQL cannot store it). */
export const UNSTORABLE = ['a\u0000b', '\u0000', '\ud800', 'x\udfffy'];
export const BAD_IDS = [
  'abc',
  '-1',
  '0',
  '-0',
  '99999999999',
  '2147483648',
  '1.5',
  'NaN',
  'Infinity',
  '1;DROP TABLE users',
  "1' OR '1'='1",
  '%00',
  '%F0%9F%92%A5',
  '%3Cscript%3E',
];
/** Strings with one of a few hostile characters mixed into any code points. */
export const hostileText = fc.string({
  maxLength: 80,
  unit: fc.oneof(
    { weight: 6, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('\u0000', '\ud800', '\udfff', "'", '"', '<', '\u202e', '\\', '%'),
    },
  ),
});

/** The value the server receives for `text` sent in a query string (lone surrogates become U+FFFD). */
export const overTheWire = (text: string) =>
  new URLSearchParams(new URLSearchParams({ v: text }).toString()).get('v') ?? '';
