import { describe, it } from 'vitest';
import { expectClientError, expectUnchanged, expectValidationError } from '../../../test/bad-input-checks.js';
import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { send, useInputWorld } from '../../../test/bad-input-world.js';
import { buildTest } from '../../../test/factories.js';
import { testsInputCases } from './user-tests.route-cases.js';

const w = useInputWorld();
describeBadInput(w, testsInputCases);

/** A multipart/form-data body of `test[...]` keys as a browser sends it; a Blob value is a file. */
async function testForm(entries: [string, string | Blob][]) {
  const form = new FormData();
  for (const [key, value] of entries) {
    if (typeof value === 'string') form.append(key, value);
    else form.append(key, value, 'clip.mp4');
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

describe('multipart forms of POST and PATCH /tests', () => {
  const named = (name: string): [string, string] => ['test[name]', name];
  const cases: { label: string; entries: [string, string | Blob][]; fields: string[] }[] = [
    { label: 'an unknown field', entries: [named('A'), ['test[nope]', 'x']], fields: ['nope'] },
    { label: 'a key outside test[…]', entries: [named('A'), ['other[name]', 'x']], fields: ['other[name]'] },
    { label: 'a bare key', entries: [named('A'), ['test', 'x']], fields: ['test'] },
    {
      label: 'a prototype key',
      entries: [named('A'), ['test[__proto__][x]', '1']],
      fields: ['test[__proto__][x]'],
    },
    { label: 'a value given twice', entries: [named('A'), named('B')], fields: ['test[name]'] },
    { label: 'an object for a text', entries: [['test[name][x]', 'A']], fields: ['name'] },
    {
      label: 'a list and a value',
      entries: [named('A'), ['test[addons][]', 'tagon'], ['test[addons]', 'x']],
      fields: ['test[addons]'],
    },
    {
      label: 'a word for a boolean',
      entries: [named('A'), ['test[external_app]', 'maybe']],
      fields: ['external_app'],
    },
    {
      label: 'a word for an id',
      entries: [named('A'), ['test[category_id]', 'abc']],
      fields: ['category_id'],
    },
    {
      label: 'a fraction for a number',
      entries: [named('A'), ['test[minimum_participants_for_metrics]', '1.5']],
      fields: ['minimum_participants_for_metrics'],
    },
    { label: 'an unknown add-on', entries: [named('A'), ['test[addons][]', 'gold']], fields: ['addons'] },
    {
      label: 'a bad destroy flag',
      entries: [
        named('A'),
        ['test[open_questions][0][text]', 'Q'],
        ['test[open_questions][0][_destroy]', 'perhaps'],
      ],
      fields: ['_destroy'],
    },
    {
      label: 'an unknown question field',
      entries: [named('A'), ['test[associations][0][colour]', 'red']],
      fields: ['colour'],
    },
    {
      label: 'an index out of range',
      entries: [named('A'), ['test[associations][5000][text]', 'x']],
      fields: ['test[associations][5000][text]'],
    },
    {
      label: 'four areas of focus',
      entries: [
        named('A'),
        ...['a', 'b', 'c', 'd'].map((v): [string, string] => ['test[focus_elements][]', v]),
      ],
      fields: ['focus_elements'],
    },
    {
      label: 'a text as video',
      entries: [named('A'), ['test[platform]', 'video'], ['test[video]', 'clip.mp4']],
      fields: ['test[video]'],
    },
    { label: 'a file in a text field', entries: [['test[name]', new Blob(['A'])]], fields: ['test[name]'] },
    {
      label: 'a text file named .mp4',
      entries: [
        named('A'),
        ['test[platform]', 'video'],
        ['test[video]', new Blob(['just some notes'], { type: 'video/mp4' })],
      ],
      fields: ['video'],
    },
    {
      label: 'random bytes named .mp4',
      entries: [
        named('A'),
        ['test[platform]', 'video'],
        [
          'test[video]',
          new Blob([new Uint8Array(4096).map((_, i) => (i * 7919) % 251)], { type: 'video/mp4' }),
        ],
      ],
      fields: ['video'],
    },
    {
      label: 'a video for a web test',
      entries: [named('A'), ['test[video]', new Blob(['x'], { type: 'video/mp4' })]],
      fields: ['video'],
    },
  ];

  it.each(cases)(
    'answers $label with 400 naming the field, and changes nothing',
    async ({ entries, fields }) => {
      const draft = await buildTest(w.t.db, w.world.client.id, { platform: 'video' });
      for (const [method, url] of [
        ['POST', '/api/v1/tests'],
        ['PATCH', `/api/v1/tests/${draft.id}`],
      ] as const) {
        const withCompany: [string, string | Blob][] =
          method === 'POST' ? [...entries, ['test[company_id]', String(w.world.client.id)]] : entries;
        await expectUnchanged(w.t, async () => {
          const response = await send(w, 'superAdmin', { method, url, ...(await testForm(withCompany)) });
          expectValidationError(response, `${method} ${fields.join()}`, fields);
        });
      }
    },
  );

  it('answers a form cut off mid-way and a form without boundary with 4xx, never 5xx', async () => {
    const { payload, headers } = await testForm([named('A'), ['test[purpose]', 'B']]);
    await expectUnchanged(w.t, async () => {
      const cut = await send(w, 'superAdmin', {
        method: 'POST',
        url: '/api/v1/tests',
        payload: payload.subarray(0, payload.length - 20),
        headers,
      });
      expectClientError(cut, 'cut off');
      const noBoundary = await send(w, 'superAdmin', {
        method: 'POST',
        url: '/api/v1/tests',
        payload,
        headers: { 'content-type': 'multipart/form-data' },
      });
      expectClientError(noBoundary, 'no boundary');
      const withVideo = await testForm([
        named('A'),
        ['test[platform]', 'video'],
        ['test[video]', new Blob(['x'.repeat(5000)])],
      ]);
      const cutInVideo = await send(w, 'superAdmin', {
        method: 'POST',
        url: '/api/v1/tests',
        payload: withVideo.payload.subarray(0, withVideo.payload.length - 1000),
        headers: withVideo.headers,
      });
      expectClientError(cutInVideo, 'cut off in the video');
    });
  });
});
