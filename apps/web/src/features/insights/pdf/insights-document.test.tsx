// @vitest-environment node
import type { Insight, SignificantPoint } from '@limbus/contract';
import { renderToBuffer } from '@react-pdf/renderer';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { insightsDocument } from './insights-document';

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

const LONG_COMMENT =
  'Ik snap niet waarom de kortingscode pas helemaal onderaan staat, ik heb drie keer gescrold en toen pas gezien dat het veld er was, en daarna deed de knop het ook nog niet meteen, heel vervelend eigenlijk.';

function point(id: number, overrides: Partial<SignificantPoint> = {}): SignificantPoint {
  return {
    id,
    emotion: 'frustration',
    timestamp_top: 1_700_000_000_000 + id * 1000,
    comment: '',
    translation: '',
    false_positive: false,
    tags: [],
    ranking: 1,
    score: 0.5,
    participant_id: 100 + (id % 3),
    participant_label: `P000${id % 3}`,
    ...overrides,
  };
}

function insight(number: number, points: SignificantPoint[]): Insight {
  return {
    id: 900 + number,
    test_id: 7,
    assigned_id: number,
    title: `Shoppers miss the discount field ${number}`,
    behavior_comment: '',
    eeg_comment: '',
    eye_tracking_comment: '',
    touch_tracking_comment: '',
    explanation: '<p>The field sits below the fold &amp; looks disabled.</p>',
    summary: '<p>Frustration peaks when the code is looked for.</p>',
    suggestion: '',
    focus_point: '',
    highlight_id: points[0]?.id ?? null,
    highlight_url: null,
    evidence_withdrawn_at: null,
    significant_points_ids: points.map((p) => p.id),
    significant_points: points,
  };
}

async function pdfText(buffer: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(buffer), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages;
}

describe('the Insights PDF', () => {
  it('has one A4 landscape page per insight with its text, numbers and comments cut to 190 characters', async () => {
    const points = [
      point(1, { comment: LONG_COMMENT }),
      point(2),
      point(3, { emotion: 'joy', comment: 'Mooi!' }),
    ];
    const buffer = await renderToBuffer(
      insightsDocument({
        testName: 'Acme Running webshop',
        companyName: 'Acme Retail',
        date: '24 Nov 2026',
        insights: [insight(1, points), insight(2, [point(4)])],
      }),
    );
    const pages = await pdfText(buffer);
    expect(pages).toHaveLength(2);
    const first = pages[0]?.replace(/\s+/g, ' ') ?? '';
    expect(first).toContain('1. Shoppers miss the discount field 1');
    expect(first).toContain('3 data points');
    expect(first).toContain('3 participants');
    expect(first).toContain('The field sits below the fold & looks disabled.');
    expect(first).toContain(`${LONG_COMMENT.slice(0, 190)}…`.replace(/\s+/g, ' ').slice(-40));
    expect(first).not.toContain(LONG_COMMENT.slice(185));
    expect(first).toContain('Mooi!');
    // issue 26, one name per participant: the comments cite participants 101 and 100 by their labels
    expect(first).toContain('Participant P0001 · Frustration');
    expect(first).toContain('Participant P0000 · Joy');
    expect(first).not.toMatch(/Participant 10\d/);
    const document = await getDocument({ data: new Uint8Array(buffer), verbosity: 0 }).promise;
    const [, , width, height] = (await document.getPage(1)).view;
    expect(width).toBeGreaterThan(height ?? 0);
  });

  it('keeps an insight with a long explanation and suggestion on one page, all of its text on it', async () => {
    const bullets = Array.from(
      { length: 5 },
      (_, index) => `<li>Participant ${index} (frustration): “${LONG_COMMENT.slice(0, 60)}”</li>`,
    ).join('');
    const explanation = `<p>${'The field sits below the fold and looks disabled. '.repeat(12)}</p><ul>${bullets}</ul><p>Focus point: the discount code field, the end.</p>`;
    const suggestion = `<p>${'Move the field up and show it as active. '.repeat(10)}The end of the suggestion.</p>`;
    const points = [1, 2, 3, 4, 5].map((id) =>
      point(id, { comment: id === 2 ? LONG_COMMENT : `Kort ${id}` }),
    );
    const long = {
      ...insight(1, points),
      explanation,
      suggestion,
      summary: `<p>${'A summary. '.repeat(18)}</p>`,
    };
    const buffer = await renderToBuffer(
      insightsDocument({
        testName: 'Acme',
        companyName: 'Acme Retail',
        date: '24 Nov 2026',
        insights: [long],
      }),
    );
    const pages = await pdfText(buffer);
    expect(pages).toHaveLength(1);
    // A4 landscape, nothing drawn below its bottom edge
    const document = await getDocument({ data: new Uint8Array(buffer), verbosity: 0 }).promise;
    const page = await document.getPage(1);
    expect(page.view.slice(2).map(Math.round)).toEqual([842, 595]);
    const content = await page.getTextContent();
    const lowest = Math.min(...content.items.map((item) => ('transform' in item ? item.transform[5] : 0)));
    expect(lowest).toBeGreaterThan(0);
    const text = pages[0]?.replace(/\s+/g, ' ') ?? '';
    expect(text).toContain('Focus point: the discount code field, the end.');
    expect(text).toContain('The end of the suggestion.');
    expect(text).toContain('Limbus insights report');
    expect(text).toContain(`${LONG_COMMENT.slice(150, 190)}…`.replace(/\s+/g, ' '));
  });
});
