import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placeSection, SECTION_MESSAGES, type SectionSpan } from './section-rules.js';

const overlaps = (a: SectionSpan, b: SectionSpan) => a.start <= b.end && b.start <= a.end;

/** Disjoint sections as a researcher's editor leaves them: sorted, with gaps of at least 1 ms. */
const disjointSections = fc
  .array(fc.tuple(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 1, max: 5_000 })), { maxLength: 8 })
  .map((pairs) => {
    let at = 1_000_000;
    return pairs.map(([gap, length]) => {
      const start = at + gap;
      at = start + length;
      return { start, end: at };
    });
  });
const span = fc
  .tuple(fc.integer({ min: 990_000, max: 1_050_000 }), fc.integer({ min: -2_000, max: 20_000 }))
  .map(([start, length]) => ({ start, end: start + length }));

describe('placeSection', () => {
  it('refuses an end before or at the start with the spec message', () => {
    expect(placeSection({ start: 10, end: 5 }, [])).toEqual({
      ok: false,
      error: 'endBeforeStart',
      message: SECTION_MESSAGES.endBeforeStart,
    });
    expect(placeSection({ start: 10, end: 10 }, []).ok).toBe(false);
  });

  it('refuses a section that covers another completely, or lies inside one', () => {
    const others = [{ start: 100, end: 200 }];
    expect(placeSection({ start: 50, end: 250 }, others)).toMatchObject({ ok: false, error: 'coversOther' });
    expect(placeSection({ start: 100, end: 200 }, others)).toMatchObject({ ok: false, error: 'coversOther' });
    expect(placeSection({ start: 120, end: 180 }, others)).toMatchObject({
      ok: false,
      message: SECTION_MESSAGES.coversOther,
    });
  });

  it('moves a start inside a neighbour to 1 ms after its end, an end inside one to 1 ms before its start', () => {
    const others = [
      { start: 100, end: 200 },
      { start: 400, end: 500 },
    ];
    expect(placeSection({ start: 150, end: 300 }, others)).toEqual({ ok: true, start: 201, end: 300 });
    expect(placeSection({ start: 300, end: 450 }, others)).toEqual({ ok: true, start: 300, end: 399 });
    expect(placeSection({ start: 150, end: 450 }, others)).toEqual({ ok: true, start: 201, end: 399 });
    expect(placeSection({ start: 200, end: 250 }, others)).toEqual({ ok: true, start: 201, end: 250 });
  });

  it('refuses when nothing is left between the two neighbours', () => {
    const others = [
      { start: 100, end: 200 },
      { start: 201, end: 300 },
    ];
    expect(placeSection({ start: 150, end: 250 }, others)).toMatchObject({ ok: false, error: 'coversOther' });
  });

  it('keeps a section that overlaps nothing as it is', () => {
    fc.assert(
      fc.property(disjointSections, span, (others, section) => {
        fc.pre(section.end > section.start && !others.some((other) => overlaps(other, section)));
        expect(placeSection(section, others)).toEqual({ ok: true, ...section });
      }),
    );
  });

  it('answers a span inside the asked one that overlaps no other section, or refuses', () => {
    fc.assert(
      fc.property(disjointSections, span, (others, section) => {
        const placed = placeSection(section, others);
        if (!placed.ok) return;
        expect(placed.end).toBeGreaterThan(placed.start);
        expect(placed.start).toBeGreaterThanOrEqual(section.start);
        expect(placed.end).toBeLessThanOrEqual(section.end);
        for (const other of others) expect(overlaps(placed, other)).toBe(false);
      }),
    );
  });

  it('refuses only an inverted section or one that covers, lies inside or leaves no room', () => {
    fc.assert(
      fc.property(disjointSections, span, (others, section) => {
        const placed = placeSection(section, others);
        if (placed.ok) return;
        if (placed.error === 'endBeforeStart') {
          expect(section.end).toBeLessThanOrEqual(section.start);
          return;
        }
        const touching = others.filter((other) => overlaps(other, section));
        const coversOrInside = touching.some(
          (other) =>
            (section.start <= other.start && other.end <= section.end) ||
            (other.start <= section.start && section.end <= other.end),
        );
        const room =
          Math.min(...touching.filter((o) => o.start > section.start).map((o) => o.start - 1), section.end) -
          Math.max(...touching.filter((o) => o.end < section.end).map((o) => o.end + 1), section.start);
        expect(coversOrInside || room <= 0).toBe(true);
      }),
    );
  });

  it('moves only the boundaries that lie inside a neighbour', () => {
    fc.assert(
      fc.property(disjointSections, span, (others, section) => {
        const placed = placeSection(section, others);
        if (!placed.ok) return;
        const startInside = others.some((o) => o.start <= section.start && section.start <= o.end);
        const endInside = others.some((o) => o.start <= section.end && section.end <= o.end);
        expect(placed.start !== section.start).toBe(startInside);
        expect(placed.end !== section.end).toBe(endInside);
      }),
    );
  });
});
