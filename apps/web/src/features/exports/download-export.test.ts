import { afterEach, describe, expect, it, vi } from 'vitest';
import { countNewlines, exportUrl, progressShare, readExport } from './download-export';

afterEach(() => vi.unstubAllGlobals());

describe('download-export', () => {
  it('reads the export route of the contract with its query', () => {
    expect(exportUrl({ testId: 7, kind: 'samples', format: 'json', participantId: 3, cohort: 'all' })).toBe(
      '/api/v1/tests/7/exports/samples?format=json&participant_id=3',
    );
    expect(exportUrl({ testId: 7, kind: 'metrics', format: 'csv', participantId: null, cohort: 'all' })).toBe(
      '/api/v1/tests/7/exports/metrics?format=csv',
    );
    // the results' cohort: its samples, events and metrics; one participant's rows need none
    expect(
      exportUrl({ testId: 7, kind: 'events', format: 'csv', participantId: null, cohort: 'remote' }),
    ).toBe('/api/v1/tests/7/exports/events?format=csv&cohort=remote');
    expect(exportUrl({ testId: 7, kind: 'metrics', format: 'csv', participantId: null, cohort: 'lab' })).toBe(
      '/api/v1/tests/7/exports/metrics?format=csv&cohort=lab',
    );
    expect(exportUrl({ testId: 7, kind: 'samples', format: 'csv', participantId: 3, cohort: 'lab' })).toBe(
      '/api/v1/tests/7/exports/samples?format=csv&participant_id=3',
    );
  });

  it('counts rows by their newlines and shares them of the total', () => {
    expect(countNewlines(new TextEncoder().encode('a,b\n1,2\n3,4\n'))).toBe(3);
    expect(progressShare({ rows: 50, total: 200 })).toBe(0.25);
    expect(progressShare({ rows: 5, total: null })).toBeNull();
    expect(progressShare({ rows: 0, total: 0 })).toBe(1);
  });

  it('reports progress chunk by chunk while the body streams in', async () => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('h\n1\n2\n'));
        controller.enqueue(encoder.encode('3\n4\n'));
        controller.close();
      },
    });
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(body, {
          headers: {
            'x-export-rows': '4',
            'content-disposition': 'attachment; filename="limbus-test-7-samples.csv"',
          },
        }),
    );
    const seen: number[] = [];
    const file = await readExport(
      { testId: 7, kind: 'samples', format: 'csv', participantId: null, cohort: 'all' },
      (progress) => {
        expect(progress.total).toBe(4);
        seen.push(progress.rows);
      },
    );
    expect(seen).toEqual([2, 4]);
    expect(file.fileName).toBe('limbus-test-7-samples.csv');
    expect(file.blob.size).toBe('h\n1\n2\n3\n4\n'.length);
  });

  it('turns an error answer into the API error with its message', async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ code: 'forbidden', message: 'Not yours' }), { status: 403 }),
    );
    await expect(
      readExport({ testId: 7, kind: 'events', format: 'csv', participantId: null, cohort: 'all' }, () => {}),
    ).rejects.toMatchObject({ status: 403, message: 'Not yours' });
  });
});
