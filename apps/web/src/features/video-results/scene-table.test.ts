import { describe, expect, it } from 'vitest';
import { sceneRows, scenesCsv } from './scene-table';

const results = {
  scenes: [
    {
      section_id: 1,
      label_id: 1,
      name: 'Price, "reveal"',
      start_ms: 0,
      end_ms: 999,
      notes: [
        { id: 1, note_type: 0 as const, note: '=SUM(A1)', label_id: 1 },
        { id: 2, note_type: 2 as const, note: 'Line one\nline two', label_id: 1 },
      ],
    },
  ],
  scores: [
    { t: 0, joy: 0.2, attention: 0.5, frustration: 0.1 },
    { t: 500, joy: 0.4, attention: 0.7, frustration: 0.3 },
    { t: 1500, joy: 1, attention: 1, frustration: 1 },
  ],
};

describe('the scene table', () => {
  it('means the scores inside each scene, 0 to 100', () => {
    expect(sceneRows(results)[0]?.means).toEqual({ frustration: 20, joy: 30, attention: 60 });
  });

  it('writes CSV with quoted cells and defused formulas', () => {
    const [header, row] = scenesCsv(sceneRows(results)).split('\r\n');
    expect(header).toBe(
      'Scene,Start,End,Mean frustration (0-100),Mean joy (0-100),Mean attention (0-100),Summary,Explanation,Suggestion',
    );
    expect(row).toBe(`"Price, ""reveal""",00:00,00:00,20,30,60,'=SUM(A1),,"Line one\nline two"`);
  });
});
