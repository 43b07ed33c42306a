// @vitest-environment node
import type { VideoNorms, VideoResults } from '@limbus/contract';
import { renderToBuffer } from '@react-pdf/renderer';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { summaryReport } from '../summary-report';
import { summaryDocument } from './summary-document';

// pdfjs (which reads the PDF back) needs Promise.withResolvers, new in Node 22; Node 20 is supported too.
(Promise as { withResolvers?: unknown }).withResolvers ??= <T,>() => {
  let resolve!: (value: T | PromiseLike<T>) => void;
  let reject!: (reason?: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

const note = (id: number, note_type: 0 | 1 | 2, text: string, label_id: number) => ({
  id,
  note_type,
  note: text,
  label_id,
});

const results: VideoResults = {
  stats: {
    participants: 12,
    male: 7,
    female: 5,
    average_age: 34,
    target_group: 'default',
    custom_target: '',
  },
  processing: false,
  has_results: true,
  video_participant_id: 5,
  video: null,
  heatmap_video: null,
  timeline_start: 0,
  duration_ms: 20_000,
  scores: Array.from({ length: 80 }, (_, i) => ({
    t: i * 250,
    joy: i < 40 ? 0.3 : 0.6,
    attention: 0.5,
    frustration: 0.2,
  })),
  scenes: [
    {
      section_id: 1,
      label_id: 11,
      name: 'Opening',
      start_ms: 0,
      end_ms: 9_999,
      notes: [
        note(1, 0, 'The runner catches the eye at once.', 11),
        note(2, 1, 'Movement in the first second draws the gaze.', 11),
        note(3, 2, 'Keep the first shot.', 11),
      ],
    },
    { section_id: 2, label_id: 12, name: 'Price reveal', start_ms: 10_000, end_ms: 19_999, notes: [] },
  ],
  points: [],
  moments: [],
  gaze_cohort: 'all',
  emotions_cohort: 'all',
};

const norms: VideoNorms = {
  minimum_tests: 5,
  company: {
    tests: 6,
    video: { joy: 50, attention: 50, frustration: 50 },
    video_range: null,
    scenes: [
      {
        section_id: 1,
        percentiles: { joy: 17, attention: 50, frustration: 33 },
        range: { joy: [5, 40], attention: [30, 70], frustration: [10, 60] },
      },
      { section_id: 2, percentiles: { joy: 83, attention: 50, frustration: 33 }, range: null },
    ],
  },
  category: { name: null, tests: 0, video: null, video_range: null, scenes: [] },
};

async function pdfText(buffer: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(buffer), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join(' ').replace(/\s+/g, ' ');
}

const meta = { name: 'Runner 2: feel lighter', companyName: 'Acme Retail', date: '25 Nov 2026' };

describe('the video summary PDF', () => {
  it('holds the stats, each scene with its mean scores and percentiles, and the consultant notes', async () => {
    const text = await pdfText(await renderToBuffer(summaryDocument(summaryReport(results, norms, meta))));
    expect(text).toContain('Summary: Runner 2: feel lighter');
    expect(text).toContain('Participants 12');
    expect(text).toContain('7 / 5');
    expect(text).toContain('a Dutch representative group of ten participants');
    // Opening: joy 30, attention 50, frustration 20 (0 to 100); percentiles F / J / A with their ranges
    expect(text).toContain(
      'Opening 00:00 – 00:09 20 30 50 F 33rd (10th–60th) J 17th (5th–40th) A 50th (30th–70th)',
    );
    expect(text).toContain('Price reveal 00:10 – 00:19 20 60 50 F 33rd J 83rd A 50th');
    expect(text).toContain("in brackets the range the viewers' spread allows (95 %)");
    expect(text).toContain('Percentiles among 6 other video tests of Acme Retail');
    expect(text).toContain('Summary: The runner catches the eye at once.');
    expect(text).toContain('Suggestion: Keep the first shot.');
    expect(text).toContain('No further consultant input');
    expect(text).toContain('Limbus video summary · 25 Nov 2026');
  });

  it('leaves the percentiles out when no group has enough tests', async () => {
    const few: VideoNorms = { ...norms, company: { tests: 2, video: null, video_range: null, scenes: [] } };
    const text = await pdfText(await renderToBuffer(summaryDocument(summaryReport(results, few, meta))));
    expect(text).not.toContain('Percentiles');
    expect(text).toContain('Opening 00:00 – 00:09 20 30 50');
  });
});
