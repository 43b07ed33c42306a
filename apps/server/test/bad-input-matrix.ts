/**
 * Bad input gets a clear error and changes nothing (DESIGN §6): every /api/v1 route with a body,
 * a query or an id is fed malformed, oversized, mistyped and hostile input, as a signed-in Super
 * Admin and, on public routes, anonymously. None may answer 5xx; every error has the contract's
 * body; what the contract rejects answers 400 with the fields named and leaves the data as it was.
 * Each module lists its routes' cases in `<module>.route-cases.ts` and feeds them in
 * `<module>.bad-input.test.ts`; test/route-coverage.test.ts checks that every route has its case.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BAD_IDS,
  expectClientError,
  expectedFields,
  expectUnchanged,
  expectValidationError,
  fieldPaths,
  HOSTILE_STRINGS,
  hostileText,
  type JsonObject,
  kindOf,
  objectPaths,
  overTheWire,
  UNSTORABLE,
  valueAt,
  WRONG_VALUES,
  withField,
} from './bad-input-checks.js';
import { type InputWorld, send, uploadsLeft } from './bad-input-world.js';
import { IMAGES } from './images.js';
import { tinyMp4 } from './videos.js';

/** `id` fills `:id` of the path; `params` the other path parameters (`:pid`, `:kind`). */
export type Sample = {
  id?: number;
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: JsonObject;
};
export type Part = 'body' | 'querystring' | 'params';
/**
 * A route and what it takes (checked against the route's own schemas, which the tests validate
 * with); `sample` is a valid request, making what it needs anew on each call (addresses, tokens).
 */
export type InputCase = {
  key: string;
  isPublic: boolean;
  /** A recorder route: sent with a test setup's key instead of a user's token. */
  isRecorder?: true;
  /** A share link's visitor route: sent with a share link's token instead of a user's token. */
  isShare?: true;
  /** A remote study's route: sent with its participant link's token or a participant's session. */
  credential?: 'remoteLink' | 'remoteSession';
  parts: readonly Part[];
  /** The body may also come as multipart/form-data (POST/PATCH /tests). */
  acceptsMultipart?: true;
  /**
   * The route reads a multipart form: a file part it takes, which the matrix sends in a form
   * without a boundary and in a form cut off in the middle of the file.
   */
  multipart?: (w: InputWorld) => FormFile | Promise<FormFile>;
  sample: (w: InputWorld) => Sample | Promise<Sample>;
};
/** A file part of a multipart form. */
export type FormFile = { field: string; filename: string; type: string; bytes: Uint8Array };
/** The image part of the image upload routes (field `file`). */
export const imageFormFile = (): FormFile => ({
  field: 'file',
  filename: 'image.png',
  type: 'image/png',
  bytes: IMAGES.png,
});
/** A video part in `field`. */
export const videoFormFile = (field: string) => async (): Promise<FormFile> => ({
  field,
  filename: 'screen.mp4',
  type: 'video/mp4',
  bytes: await tinyMp4(),
});

/** A route for signed-in users (no recorder key), taking its input in `parts`. */
export const signedIn = (key: string, parts: readonly Part[], sample: InputCase['sample']): InputCase => ({
  key,
  isPublic: false,
  parts,
  sample,
});

const FAST_CHECK_RUNS = 25;

const FORM_BOUNDARY = '----limbus-bad-input';
/** The bytes of a form holding `file`, with the form's end, or cut off in the middle of the file. */
function formBytes(file: FormFile, { cut }: { cut: boolean }): Buffer {
  const head = Buffer.from(
    `--${FORM_BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
      `Content-Type: ${file.type}\r\n\r\n`,
  );
  if (cut) return Buffer.concat([head, file.bytes.subarray(0, Math.floor(file.bytes.length / 2))]);
  return Buffer.concat([head, file.bytes, Buffer.from(`\r\n--${FORM_BOUNDARY}--\r\n`)]);
}

/** How long a broken form may take to be answered: a hang fails the test with a message, not a timeout. */
const FORM_ANSWER_MS = 10_000;
function answeredWithin<T>(answer: Promise<T>, label: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${label}: no answer within ${FORM_ANSWER_MS} ms`)),
      FORM_ANSWER_MS,
    );
  });
  return Promise.race([answer, hang]).finally(() => clearTimeout(timer));
}

/** The objects of a body with every value taken out: what a PATCH that changes nothing sends. */
function withoutValues(body: JsonObject): JsonObject {
  const objects = Object.entries(body).filter(
    ([, value]) => value !== null && typeof value === 'object' && !Array.isArray(value),
  );
  return Object.fromEntries(objects.map(([key, value]) => [key, withoutValues(value as JsonObject)]));
}

const methodOf = (testCase: InputCase) => testCase.key.split(' ')[0] as string;
const pathOf = (testCase: InputCase) => testCase.key.split(' ')[1] as string;
const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/** The zod schema the route validates `part` with. */
function routeSchema(w: InputWorld, testCase: InputCase, part: Part): z.ZodType {
  const schema = w.t.app.registeredRoutes.find((route) => keyOf(route) === testCase.key)?.schema?.[part];
  if (!(schema instanceof z.ZodType)) throw new Error(`${testCase.key} validates no ${part} with zod`);
  return schema;
}

function urlOf(
  testCase: InputCase,
  sample: Sample,
  overrides: { param?: { name: string; value: string }; rawQuery?: string } = {},
): string {
  const given = paramsOf(sample);
  if (overrides.param) given[overrides.param.name] = overrides.param.value;
  const url = pathOf(testCase).replace(/:(\w+)/g, (_match, name: string) => given[name] ?? `:${name}`);
  const query = overrides.rawQuery ?? (sample.query ? new URLSearchParams(sample.query).toString() : '');
  return query ? `${url}?${query}` : url;
}

/** The path parameters of a sample as sent (strings). */
function paramsOf(sample: Sample): Record<string, string> {
  const params: Record<string, string> = sample.id === undefined ? {} : { id: String(sample.id) };
  for (const [name, value] of Object.entries(sample.params ?? {})) params[name] = String(value);
  return params;
}

/** The names of the path parameters of a route (`/tests/:id/participants/:pid` → id, pid). */
const paramNamesOf = (testCase: InputCase) =>
  [...pathOf(testCase).matchAll(/:(\w+)/g)].map((match) => match[1] as string);

/** Feeds bad input to every route of `cases`, as each identity the route is open to. */
export function describeBadInput(w: InputWorld, cases: readonly InputCase[]): void {
  const runs = cases.flatMap((testCase) =>
    (testCase.isPublic
      ? (['superAdmin', 'anonymous'] as const)
      : testCase.isRecorder
        ? (['setup'] as const)
        : testCase.isShare
          ? (['share'] as const)
          : testCase.credential
            ? ([testCase.credential] as const)
            : (['superAdmin'] as const)
    ).map((identity) => ({
      testCase,
      identity,
      name: `${testCase.key} as ${identity}`,
    })),
  );

  describe.each(runs)('$name', ({ testCase, identity }) => {
    const method = methodOf(testCase);
    const label = testCase.key;

    if (testCase.parts.includes('body')) {
      const sendJson = (sample: Sample, payload: string, contentType = 'application/json') =>
        send(w, identity, {
          method,
          url: urlOf(testCase, sample),
          payload,
          headers: { 'content-type': contentType },
        });

      it('rejects malformed JSON with 400', async () => {
        const sample = await testCase.sample(w);
        const malformed = [
          '{',
          '{"email":',
          "{'email': 'x'}",
          '[1,]',
          '{"a":1}}',
          'nul',
          '\u0000',
          '{"a":"\\ud800"',
          '{"__proto__":{"polluted":true}}',
          '{"constructor":{"prototype":{"polluted":true}}}',
        ];
        await expectUnchanged(w.t, async () => {
          for (const payload of malformed)
            expectValidationError(await sendJson(sample, payload), `${label} ${payload}`);
        });
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      });

      it('rejects JSON that is not an object, and bodies that are empty', async () => {
        const sample = await testCase.sample(w);
        await expectUnchanged(w.t, async () => {
          for (const payload of [
            'null',
            'true',
            '42',
            '"text"',
            '[]',
            `${'['.repeat(5000)}${']'.repeat(5000)}`,
            '',
          ]) {
            expectValidationError(await sendJson(sample, payload), `${label} ${payload.slice(0, 20)}`);
          }
        });
      });

      it('rejects other content types with 4xx', async () => {
        const sample = await testCase.sample(w);
        const payload = JSON.stringify(sample.body);
        await expectUnchanged(w.t, async () => {
          for (const contentType of [
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/xml',
            'application/octet-stream',
          ]) {
            const response = await sendJson(sample, payload, contentType);
            expectClientError(response, `${label} ${contentType}`);
            // text/plain has a parser, and a string is not the object the contract wants; a route
            // taking forms reads this "multipart" body and finds no form in it.
            const isParsed =
              contentType === 'text/plain' ||
              (testCase.acceptsMultipart && contentType.startsWith('multipart/'));
            expect(response.statusCode).toBe(isParsed ? 400 : 415);
          }
        });
      });

      it('rejects a body over 1 MiB with 413', async () => {
        const sample = await testCase.sample(w);
        const payload = JSON.stringify({ ...sample.body, padding: 'x'.repeat(1024 * 1024) });
        await expectUnchanged(w.t, async () => {
          const response = await sendJson(sample, payload);
          expect(expectClientError(response, label).code).toBe('payload_too_large');
          expect(response.statusCode).toBe(413);
        });
      });

      it('names the field of each wrong type, missing field and unknown field', async () => {
        const schema = routeSchema(w, testCase, 'body');
        const sample = await testCase.sample(w);
        const body = sample.body as JsonObject;
        const variants: JsonObject[] = [];
        for (const at of fieldPaths(body)) {
          const current = valueAt(body, at);
          for (const wrong of WRONG_VALUES)
            if (kindOf(wrong) !== kindOf(current)) variants.push(withField(body, at, wrong));
          variants.push(withField(body, at, undefined));
        }
        for (const at of objectPaths(body)) variants.push(withField(body, [...at, 'unexpected_field'], 'x'));
        const invalid = variants.filter((variant) => !schema.safeParse(variant).success);
        expect(invalid.length).toBeGreaterThan(0);
        await expectUnchanged(w.t, async () => {
          for (const variant of invalid) {
            const response = await send(w, identity, {
              method,
              url: urlOf(testCase, sample),
              payload: variant,
            });
            const fields = expectedFields(schema, variant);
            const errors = expectValidationError(
              response,
              `${label} ${JSON.stringify(variant).slice(0, 200)}`,
              fields,
            );
            if (fields.includes('unexpected_field'))
              expect(errors.errors?.unexpected_field).toEqual(['This field is not allowed']);
          }
        });
      });

      it('rejects arbitrary JSON bodies the contract refuses (fast-check)', async () => {
        const schema = routeSchema(w, testCase, 'body');
        const sample = await testCase.sample(w);
        const body = sample.body as JsonObject;
        const nearlyValid = fc.record(
          Object.fromEntries(
            Object.entries(body).map(([key, value]) => [key, fc.oneof(fc.constant(value), fc.jsonValue())]),
          ),
          { requiredKeys: [] },
        );
        const wire = (value: unknown) => JSON.parse(JSON.stringify(value) ?? 'null') as unknown;
        const arbitrary = fc
          .oneof(fc.jsonValue(), nearlyValid, fc.dictionary(fc.string(), fc.jsonValue()))
          .map(wire)
          .filter((value) => !schema.safeParse(value).success);
        await expectUnchanged(w.t, async () => {
          await fc.assert(
            fc.asyncProperty(arbitrary, async (payload) => {
              const response = await send(w, identity, {
                method,
                url: urlOf(testCase, sample),
                payload: JSON.stringify(payload),
                headers: { 'content-type': 'application/json' },
              });
              // Fastify refuses a `__proto__` or `constructor.prototype` key outright, naming no field.
              const json = JSON.stringify(payload);
              const poisoned = json.includes('"__proto__"') || json.includes('"prototype"');
              expectValidationError(
                response,
                `${label} ${json.slice(0, 200)}`,
                poisoned ? undefined : expectedFields(schema, payload),
              );
            }),
            { numRuns: FAST_CHECK_RUNS },
          );
        });
      });

      const stringFields = (body: JsonObject) =>
        fieldPaths(body).filter((at) => typeof valueAt(body, at) === 'string');
      // A public route ignores who calls it: hostile text is sent once, anonymously, as an attacker would.
      const textIt = testCase.isPublic && identity === 'superAdmin' ? () => undefined : it;

      textIt('answers hostile strings in every text field with 4xx or success, never 5xx', async () => {
        const schema = routeSchema(w, testCase, 'body');
        const fixed = await testCase.sample(w);
        const refused: { at: string[]; text: string }[] = [];
        const accepted: { at: string[]; text: string }[] = [];
        for (const at of stringFields(fixed.body as JsonObject)) {
          for (const text of HOSTILE_STRINGS) {
            const valid = schema.safeParse(withField(fixed.body as JsonObject, at, text)).success;
            (valid ? accepted : refused).push({ at, text });
            // Stored text refuses what PostgreSQL cannot hold; passwords are only hashed.
            if (UNSTORABLE.includes(text) && !at.at(-1)?.startsWith('password'))
              expect(valid, `${at} ${text}`).toBe(false);
          }
        }
        await expectUnchanged(w.t, async () => {
          for (const { at, text } of refused) {
            const payload = withField(fixed.body as JsonObject, at, text);
            const response = await send(w, identity, { method, url: urlOf(testCase, fixed), payload });
            expectValidationError(
              response,
              `${label} ${at.join('.')}=${JSON.stringify(text).slice(0, 60)}`,
              expectedFields(schema, payload),
            );
          }
        });
        for (const { at, text } of accepted) {
          const sample = await testCase.sample(w);
          const payload = withField(sample.body as JsonObject, at, text);
          const response = await send(w, identity, { method, url: urlOf(testCase, sample), payload });
          if (response.statusCode >= 400)
            expectClientError(response, `${label} ${at.join('.')}=${JSON.stringify(text).slice(0, 60)}`);
        }
      });

      textIt(
        'answers arbitrary strings in every text field with 4xx or success, never 5xx (fast-check)',
        async () => {
          const schema = routeSchema(w, testCase, 'body');
          const fields = stringFields((await testCase.sample(w)).body as JsonObject);
          if (fields.length === 0) return;
          await fc.assert(
            fc.asyncProperty(fc.constantFrom(...fields), hostileText, async (at, text) => {
              const sample = await testCase.sample(w);
              const payload = withField(sample.body as JsonObject, at, text);
              const response = await send(w, identity, { method, url: urlOf(testCase, sample), payload });
              const description = `${label} ${at.join('.')}=${JSON.stringify(text)}`;
              if (schema.safeParse(payload).success) {
                if (response.statusCode >= 400) expectClientError(response, description);
              } else {
                expectValidationError(response, description, expectedFields(schema, payload));
              }
            }),
            { numRuns: FAST_CHECK_RUNS },
          );
        },
      );
    }

    if (method === 'PATCH' && testCase.parts.includes('body')) {
      it('refuses a change of nothing (an empty object, at the root or inside) with 400 and a message', async () => {
        const sample = await testCase.sample(w);
        const bare = withoutValues(sample.body as JsonObject);
        const variants = [
          {},
          bare,
          ...objectPaths(bare)
            .slice(1)
            .map((at) => withField(bare, at, {})),
        ];
        await expectUnchanged(w.t, async () => {
          for (const variant of variants) {
            const response = await send(w, identity, {
              method,
              url: urlOf(testCase, sample),
              payload: variant,
            });
            const body = expectValidationError(response, `${label} ${JSON.stringify(variant)}`);
            expect(body.message).not.toBe('');
          }
        });
      });
    }

    if (testCase.parts.includes('querystring')) {
      it('names the query field that is missing, unknown, repeated or hostile', async () => {
        const schema = routeSchema(w, testCase, 'querystring');
        const sample = await testCase.sample(w);
        const query = sample.query as Record<string, string>;
        const variants: Record<string, string | string[]>[] = [
          { ...query, unexpected_field: 'x' },
          { ...query, toString: 'x', valueOf: 'x', constructor: 'x' },
          { ...query, ...(JSON.parse('{"__proto__":"x"}') as Record<string, string>) },
        ];
        for (const key of Object.keys(query)) {
          const { [key]: _left, ...rest } = query;
          variants.push(rest, { ...query, [key]: [query[key] as string, query[key] as string] });
          for (const text of HOSTILE_STRINGS) variants.push({ ...query, [key]: overTheWire(text) });
        }
        const queryString = (variant: Record<string, string | string[]>) => {
          const params = new URLSearchParams();
          for (const [key, value] of Object.entries(variant))
            for (const item of [value].flat()) params.append(key, item);
          return params.toString();
        };
        const refused = variants.filter((variant) => !schema.safeParse(variant).success);
        const accepted = variants.filter((variant) => schema.safeParse(variant).success);
        await expectUnchanged(w.t, async () => {
          for (const variant of refused) {
            const response = await send(w, identity, {
              method,
              url: urlOf(testCase, sample, { rawQuery: queryString(variant) }),
              ...(sample.body ? { payload: sample.body } : {}),
            });
            expectValidationError(
              response,
              `${label} ${queryString(variant).slice(0, 100)}`,
              expectedFields(schema, variant),
            );
          }
        });
        for (const variant of accepted) {
          const fresh = await testCase.sample(w);
          const response = await send(w, identity, {
            method,
            url: urlOf(testCase, fresh, { rawQuery: queryString(variant) }),
            ...(fresh.body ? { payload: fresh.body } : {}),
          });
          if (response.statusCode >= 400)
            expectClientError(response, `${label} ${queryString(variant).slice(0, 100)}`);
        }
      });

      it('answers broken percent-encoding in the query with 4xx or success, never 5xx', async () => {
        const sample = await testCase.sample(w);
        const key = Object.keys(sample.query ?? {})[0] as string;
        const rawQueries = [
          ...['%', '%zz', '%ED%A0%80', '%00', '%C0%AF', '%FF%FE'].map((value) => `${key}=${value}`),
          key,
          '&&&',
          '==',
          `${key}[]=x`,
          `${key}=a&${key}=b&${key}=c`,
        ];
        for (const rawQuery of rawQueries) {
          const response = await send(w, identity, {
            method,
            url: urlOf(testCase, sample, { rawQuery }),
            ...(sample.body ? { payload: sample.body } : {}),
          });
          expect(response.statusCode, `${label} ?${rawQuery}: ${response.body.slice(0, 200)}`).toBeLessThan(
            500,
          );
          if (response.statusCode >= 400) expectClientError(response, `${label} ?${rawQuery}`);
        }
      });
    }

    const { multipart } = testCase;
    if (multipart) {
      const sendForm = (sample: Sample, payload: Buffer, contentType: string, what: string) => {
        const answer = send(w, identity, {
          method,
          url: urlOf(testCase, sample),
          payload,
          headers: { 'content-type': contentType },
        });
        return answeredWithin(answer, `${label} ${what}`);
      };

      it('answers a multipart body without a boundary with 400 and stores nothing', async () => {
        const [sample, file] = [await testCase.sample(w), await multipart(w)];
        await expectUnchanged(w.t, async () => {
          const response = await sendForm(
            sample,
            formBytes(file, { cut: false }),
            'multipart/form-data',
            'no boundary',
          );
          expectClientError(response, `${label} without a boundary`);
          expect(response.statusCode, response.body).toBe(400);
        });
        await expect.poll(() => uploadsLeft(w)).toEqual([]);
      });

      it('answers a multipart form cut off in the middle of its file with 400 or 413 and stores nothing', async () => {
        const [sample, file] = [await testCase.sample(w), await multipart(w)];
        await expectUnchanged(w.t, async () => {
          const response = await sendForm(
            sample,
            formBytes(file, { cut: true }),
            `multipart/form-data; boundary=${FORM_BOUNDARY}`,
            'cut off',
          );
          expectClientError(response, `${label} cut off`);
          expect([400, 413], response.body).toContain(response.statusCode);
        });
        await expect.poll(() => uploadsLeft(w)).toEqual([]);
      });
    }

    if (testCase.parts.includes('params')) {
      it('rejects path parameters that are not valid (ids: positive whole numbers in range) with 400', async () => {
        const schema = routeSchema(w, testCase, 'params');
        const sample = await testCase.sample(w);
        await expectUnchanged(w.t, async () => {
          for (const name of paramNamesOf(testCase)) {
            const param = (value: string) => ({ param: { name, value } });
            for (const value of BAD_IDS) {
              // A value the parameter's schema takes (none for ids) is no bad input.
              if (schema.safeParse({ ...paramsOf(sample), [name]: decodeURIComponent(value) }).success)
                continue;
              const response = await send(w, identity, {
                method,
                url: urlOf(testCase, sample, param(value)),
                ...(sample.body ? { payload: sample.body } : {}),
              });
              expectValidationError(response, `${label} ${name}=${value}`, [name]);
            }
            for (const value of ['%zz', '9'.repeat(300)]) {
              const response = await send(w, identity, {
                method,
                url: urlOf(testCase, sample, param(value)),
              });
              expectClientError(response, `${label} ${name}=${value.slice(0, 20)}`);
            }
          }
        });
      });

      it('rejects arbitrary values of each path parameter (fast-check)', async () => {
        const schema = routeSchema(w, testCase, 'params');
        const sample = await testCase.sample(w);
        const names = paramNamesOf(testCase);
        const notValid = fc
          .tuple(
            fc.constantFrom(...names),
            fc
              .string({ minLength: 1, maxLength: 40, unit: 'binary' })
              .map((text) => encodeURIComponent(text)),
          )
          .filter(
            ([name, encoded]) =>
              !schema.safeParse({ ...paramsOf(sample), [name]: decodeURIComponent(encoded) }).success &&
              !/^[./]*$/.test(encoded),
          );
        await expectUnchanged(w.t, async () => {
          await fc.assert(
            fc.asyncProperty(notValid, async ([name, value]) => {
              const response = await send(w, identity, {
                method,
                url: urlOf(testCase, sample, { param: { name, value } }),
                ...(sample.body ? { payload: sample.body } : {}),
              });
              expectClientError(response, `${label} ${name}=${value}`);
            }),
            { numRuns: FAST_CHECK_RUNS },
          );
        });
      });
    }
  });
}
