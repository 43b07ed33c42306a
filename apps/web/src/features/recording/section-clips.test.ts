import type { ParticipantDetail } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { clipTime, sectionClips } from './section-clips';

const START = 1_700_000_000;
const participant = (id: number, sections: [number | null, number, number][]): ParticipantDetail => ({
  id,
  real_id: `P${id}`,
  type: 'default',
  demographic: { age: null, gender: null, education: null },
  started_at: START,
  ended_at: START + 300,
  time_to_complete_ms: 300_000,
  total_clicks: 0,
  favourite: false,
  test_id: 1,
  state: 'finished',
  sections: sections.map(([labelId, from, to], index) => ({
    id: id * 100 + index,
    label_id: labelId,
    label: labelId === null ? null : { id: labelId, name: `Page ${labelId}` },
    timestamp_start: START * 1000 + from * 1000,
    timestamp_end: START * 1000 + to * 1000,
    participant_id: id,
  })),
});

describe('sectionClips', () => {
  it("takes each participant's first visit of the page and leaves out who never reached it", () => {
    const clips = sectionClips(
      [
        participant(1, [
          [7, 50, 80],
          [7, 10, 20],
        ]),
        participant(2, [[8, 0, 10]]),
        participant(3, [[7, 5.5, 6]]),
      ],
      7,
    );
    expect(clips).toEqual([
      { participantId: 1, realId: 'P1', startSeconds: 10, lengthSeconds: 10 },
      { participantId: 3, realId: 'P3', startSeconds: 5.5, lengthSeconds: 0.5 },
    ]);
  });
});

describe('clipTime', () => {
  it('follows the shared playhead and holds at the end of a shorter clip', () => {
    const clip = { startSeconds: 10, lengthSeconds: 4 };
    expect(clipTime(clip, 0)).toEqual({ seconds: 10, isOver: false });
    expect(clipTime(clip, 2.5)).toEqual({ seconds: 12.5, isOver: false });
    expect(clipTime(clip, 9)).toEqual({ seconds: 14, isOver: true });
    expect(clipTime(clip, -1)).toEqual({ seconds: 10, isOver: false });
  });
});
