import { describe, expect, it } from 'vitest';
import {
  DEMO_VIDEO_SCENES,
  demoVideoScenes,
  generateVideoParticipant,
  type VideoScene,
} from './generate-video-participant.js';
import { findParticipantProblems, median, splitByVelocity } from './test-helpers.js';

const START = Date.UTC(2025, 3, 1, 14, 0);

describe('generateVideoParticipant', () => {
  const v1 = generateVideoParticipant({ seed: 1, videoDurationMs: 60_000, startTime: START });

  it('is deterministic per seed and differs between seeds', () => {
    expect(generateVideoParticipant({ seed: 1, videoDurationMs: 60_000, startTime: START })).toEqual(v1);
    const v2 = generateVideoParticipant({ seed: 2, videoDurationMs: 60_000, startTime: START });
    expect(v2.eyes.x).not.toEqual(v1.eyes.x);
  });

  it('covers exactly the video with valid gaze and emotions and no mouse', () => {
    expect(findParticipantProblems(v1)).toEqual([]);
    expect(v1.platform).toBe('video');
    expect(v1.endedAt - v1.startedAt).toBe(60_000);
    expect(v1.eyes.timestamp.length).toBe(60 * 120 + 1);
    expect(v1.emotions.timestamp.length).toBe(601);
    expect(v1.mice.timestamp.length).toBe(0);
    expect(v1.mice.urls).toEqual([]);
    expect(v1.totalClicks).toBe(0);
  });

  it('looks mostly at the salient points of the current scene', () => {
    const { fixations } = splitByVelocity(v1.eyes);
    let near = 0;
    let total = 0;
    for (const f of fixations.filter((fx) => fx.durationMs >= 100)) {
      const t = (f.start + f.end) / 2 - START;
      const i = Math.round(t / (1000 / 120));
      const x = v1.eyes.x[i] as number;
      const y = v1.eyes.y[i] as number;
      const scene = DEMO_VIDEO_SCENES.find((s) => t >= s.startMs && t < s.endMs);
      if (!scene || Number.isNaN(x)) continue;
      total++;
      const progress = (t - scene.startMs) / (scene.endMs - scene.startMs);
      const close = scene.salient.some((p) => {
        const px = p.x + ((p.toX ?? p.x) - p.x) * progress;
        const py = p.y + ((p.toY ?? p.y) - p.y) * progress;
        return Math.hypot(x - px, y - py) < 150;
      });
      if (close) near++;
    }
    expect(total).toBeGreaterThan(100);
    expect(near / total).toBeGreaterThan(0.6);
    expect(median(fixations.map((f) => f.durationMs))).toBeGreaterThan(200);
  });

  it('reacts to scene events with peaks inside the right scene', () => {
    let count = 0;
    for (const seed of [1, 2, 3, 4, 5]) {
      const v = generateVideoParticipant({ seed, videoDurationMs: 60_000, startTime: START });
      for (const e of v.events) {
        const scene = DEMO_VIDEO_SCENES.find((s) => s.name === e.regionName);
        const sceneEvent = scene?.events?.find((se) => se.kind === e.kind);
        expect(sceneEvent).toBeDefined();
        if (!sceneEvent) continue;
        const delay = e.causedAt - START - sceneEvent.atMs;
        expect(delay).toBeGreaterThanOrEqual(200);
        expect(delay).toBeLessThanOrEqual(1200);
        count++;
      }
    }
    expect(count).toBeGreaterThan(15);
  });

  it('scales the demo scenes to the video and accepts custom scenes', () => {
    const scenes = demoVideoScenes(30_000);
    expect(scenes.at(-1)?.endMs).toBe(30_000);
    const custom: VideoScene[] = [
      {
        name: 'Only scene',
        startMs: 0,
        endMs: 20_000,
        salient: [{ x: 300, y: 300, weight: 1 }],
        events: [{ atMs: 5000, kind: 'video-humour', intensity: 2, probability: 1 }],
      },
    ];
    const v = generateVideoParticipant({
      seed: 3,
      videoDurationMs: 20_000,
      startTime: START,
      scenes: custom,
      rates: { eyeHz: 60 },
    });
    expect(v.events.map((e) => e.kind)).toEqual(['video-humour']);
    expect(v.eyes.timestamp.length).toBe(20 * 60 + 1);
    expect(findParticipantProblems(v)).toEqual([]);
  });

  it('rejects scenes outside the video', () => {
    const scenes: VideoScene[] = [{ name: 'Too long', startMs: 0, endMs: 90_000, salient: [] }];
    expect(() =>
      generateVideoParticipant({ seed: 1, videoDurationMs: 60_000, startTime: START, scenes }),
    ).toThrow(RangeError);
    expect(() => generateVideoParticipant({ seed: 1, videoDurationMs: 100, startTime: START })).toThrow(
      RangeError,
    );
  });
});
