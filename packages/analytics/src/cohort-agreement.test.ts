import { describe, expect, it } from 'vitest';
import {
  type AgreementFixation,
  agreementReading,
  areaRankAgreement,
  type CohortParticipant,
  descendingRanks,
  mapAgreement,
  rankDifferences,
  seededRandom,
  spearmanRho,
} from './cohort-agreement.js';

const WIDTH = 960;
const HEIGHT = 640;
const FAST = { resamples: 60 };

/** Gaussian draws by Box–Muller on a seeded generator. */
function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** A cohort of `n` participants, each with `perParticipant` fixations of 250 ms around the hotspots (spread 25 px). */
function cohort(
  hotspots: readonly [number, number, number][],
  n: number,
  seed: number,
  perParticipant = 30,
  offset: [number, number] = [0, 0],
): CohortParticipant[] {
  const random = seededRandom(seed);
  const total = hotspots.reduce((sum, [, , weight]) => sum + weight, 0);
  return Array.from({ length: n }, () =>
    Array.from({ length: perParticipant }, (): AgreementFixation => {
      const spot = pickHotspot(hotspots, random() * total);
      return {
        x: spot[0] + offset[0] + 25 * gaussian(random),
        y: spot[1] + offset[1] + 25 * gaussian(random),
        duration: 250,
      };
    }),
  );
}

/** The hotspot whose slice of the summed weights holds `at`. */
function pickHotspot(hotspots: readonly [number, number, number][], at: number): [number, number, number] {
  let left = at;
  for (const spot of hotspots) {
    left -= spot[2];
    if (left < 0) return spot;
  }
  return hotspots[hotspots.length - 1] as [number, number, number];
}

const HOTSPOTS: [number, number, number][] = [
  [200, 150, 5],
  [700, 200, 3],
  [450, 500, 2],
];

describe('mapAgreement', () => {
  it('finds two draws of the same viewing close to 1, with the lab counts and an interval around it', () => {
    const lab = cohort(HOTSPOTS, 12, 1);
    const remote = cohort(HOTSPOTS, 40, 2);
    const result = mapAgreement(lab, remote, WIDTH, HEIGHT, FAST);
    expect(result).toMatchObject({ labParticipants: 12, remoteParticipants: 40 });
    expect(result.cc.value).toBeGreaterThan(0.95);
    expect(result.cc.lower).toBeLessThanOrEqual(result.cc.value as number);
    expect(result.cc.upper).toBeGreaterThanOrEqual(result.cc.value as number);
    expect(result.cc.upper).toBeLessThanOrEqual(1);
    expect(result.nss.value).toBeGreaterThan(0.5);
  });

  it('finds unrelated viewing near 0 and an NSS at or below chance', () => {
    const lab = cohort([[150, 120, 1]], 12, 3);
    const remote = cohort([[800, 520, 1]], 40, 4);
    const result = mapAgreement(lab, remote, WIDTH, HEIGHT, FAST);
    expect(Math.abs(result.cc.value as number)).toBeLessThan(0.1);
    expect(result.nss.value).toBeLessThan(0);
  });

  it('loses agreement as the remote cohort is shifted further, as a webcam offset does', () => {
    const lab = cohort(HOTSPOTS, 12, 5);
    const ccAt = (dx: number) =>
      mapAgreement(lab, cohort(HOTSPOTS, 40, 6, 30, [dx, 0]), WIDTH, HEIGHT, FAST).cc.value;
    const [none, small, large] = [ccAt(0), ccAt(40), ccAt(150)];
    expect(none).toBeGreaterThan(small as number);
    expect(small).toBeGreaterThan(large as number);
    expect(large).toBeLessThan(0.3);
  });

  it('covers the truth: the interval of a small sample holds the CC of the two full populations', () => {
    const labPopulation = cohort(HOTSPOTS, 200, 7, 20);
    const remotePopulation = cohort(HOTSPOTS, 200, 8, 20, [30, 0]);
    const truth = mapAgreement(labPopulation, remotePopulation, WIDTH, HEIGHT, { resamples: 0 }).cc
      .value as number;
    let covered = 0;
    for (let s = 0; s < 10; s++) {
      const lab = labPopulation.slice(s * 12, s * 12 + 12);
      const remote = remotePopulation.slice(s * 15, s * 15 + 15);
      const { cc } = mapAgreement(lab, remote, WIDTH, HEIGHT, { resamples: 80, seed: s + 1 });
      if ((cc.lower as number) <= truth && truth <= (cc.upper as number)) covered++;
    }
    expect(covered).toBeGreaterThanOrEqual(8);
  });

  it('is deterministic for a seed, and answers nothing for an empty cohort', () => {
    const lab = cohort(HOTSPOTS, 6, 9);
    const remote = cohort(HOTSPOTS, 8, 10);
    expect(mapAgreement(lab, remote, WIDTH, HEIGHT, FAST)).toEqual(
      mapAgreement(lab, remote, WIDTH, HEIGHT, FAST),
    );
    expect(mapAgreement(lab, [], WIDTH, HEIGHT).cc).toEqual({ value: null, lower: null, upper: null });
  });
});

describe('Spearman', () => {
  it('ranks from the highest down with ties at their mean rank', () => {
    expect(descendingRanks([0.1, 0.5, 0.3, 0.5])).toEqual([4, 1.5, 3, 1.5]);
  });

  it('is 1 for the same order, −1 for the reverse and the textbook value for a known pair', () => {
    expect(spearmanRho([1, 2, 3, 4], [10, 20, 30, 40])).toBeCloseTo(1, 12);
    expect(spearmanRho([1, 2, 3, 4], [40, 30, 20, 10])).toBeCloseTo(-1, 12);
    // ranks (1,2,3,4,5) against (2,1,4,3,5): Σd² = 4, rho = 1 − 6·4 / (5·24) = 0.8
    expect(spearmanRho([5, 4, 3, 2, 1], [4, 5, 2, 3, 1])).toBeCloseTo(0.8, 12);
  });
});

/** Areas around the three hotspots and one in an empty corner. */
const AREAS = [
  { left: 140, top: 90, width: 120, height: 120 },
  { left: 640, top: 140, width: 120, height: 120 },
  { left: 390, top: 440, width: 120, height: 120 },
  { left: 860, top: 560, width: 90, height: 70 },
];

describe('areaRankAgreement', () => {
  it('says nothing with fewer than 3 areas', () => {
    expect(areaRankAgreement(cohort(HOTSPOTS, 4, 1), cohort(HOTSPOTS, 4, 2), AREAS.slice(0, 2))).toBeNull();
  });

  it('ranks the areas by share of dwell alike for two draws of the same viewing, and flags nothing', () => {
    const result = areaRankAgreement(cohort(HOTSPOTS, 12, 11), cohort(HOTSPOTS, 40, 12), AREAS, FAST);
    expect(result?.areas.map((a) => a.lab.rank)).toEqual([1, 2, 3, 4]);
    expect(result?.areas.map((a) => a.remote.rank)).toEqual([1, 2, 3, 4]);
    expect(result?.rho.value).toBeCloseTo(1, 12);
    expect(result && rankDifferences(result)).toEqual([]);
  });

  it('flags an area the lab ranks first and the remote cohort third, when the intervals are apart', () => {
    const remoteSpots: [number, number, number][] = [
      [200, 150, 1],
      [700, 200, 5],
      [450, 500, 3],
    ];
    const result = areaRankAgreement(cohort(HOTSPOTS, 12, 13), cohort(remoteSpots, 40, 14), AREAS, FAST);
    expect(result?.areas[0]?.lab.rank).toBe(1);
    expect(result?.areas[0]?.remote.rank).toBe(3);
    expect(result && rankDifferences(result)).toEqual([0]);
  });

  it('claims no difference from cohorts too small to bootstrap, nor where the intervals overlap', () => {
    const remoteSpots: [number, number, number][] = [
      [200, 150, 2],
      [700, 200, 3],
      [450, 500, 2.5],
    ];
    const tiny = areaRankAgreement(cohort(HOTSPOTS, 2, 15, 4), cohort(remoteSpots, 2, 16, 4), AREAS, FAST);
    expect(tiny?.rho.lower).toBeNull();
    expect(tiny && rankDifferences(tiny)).toEqual([]);
    const small = areaRankAgreement(cohort(HOTSPOTS, 6, 15, 4), cohort(remoteSpots, 6, 16, 4), AREAS, FAST);
    expect(small && rankDifferences(small)).toEqual([]);
  });
});

describe('agreementReading', () => {
  it('reads only what the whole interval backs', () => {
    expect(agreementReading({ value: 0.82, lower: 0.74, upper: 0.88 })).toBe('close');
    expect(agreementReading({ value: 0.31, lower: 0.18, upper: 0.42 })).toBe('weak');
    expect(agreementReading({ value: 0.6, lower: 0.52, upper: 0.66 })).toBe('moderate');
    expect(agreementReading({ value: 0.65, lower: 0.55, upper: 0.78 })).toBe('moderate_to_close');
    expect(agreementReading({ value: 0.52, lower: 0.43, upper: 0.61 })).toBe('weak_to_moderate');
    expect(agreementReading({ value: 0.6, lower: 0.4, upper: 0.8 })).toBe('unclear');
    expect(agreementReading({ value: 0.6, lower: null, upper: null })).toBe('unclear');
  });
});
