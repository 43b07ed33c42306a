import {
  type AgreementEstimate,
  type AreaRankAgreement,
  agreementReading,
  rankDifferences,
} from '@limbus/analytics';
import {
  type AgreementEstimateAnswer,
  areaRankFindingText,
  COHORT_AGREEMENT_MESSAGES,
  type CohortFinding,
  type CohortPageAgreement,
  weakMapFindingText,
} from '@limbus/contract';

/** Figures to 4 decimals: the bootstrap's own noise is far larger. */
const rounded = (value: number | null) => (value === null ? null : Math.round(value * 10_000) / 10_000);

export const toEstimate = (estimate: AgreementEstimate): AgreementEstimateAnswer => ({
  value: rounded(estimate.value),
  lower: rounded(estimate.lower),
  upper: rounded(estimate.upper),
});

const intervalOf = (lower: number | null, upper: number | null): [number, number] | null =>
  lower === null || upper === null ? null : [lower, upper];

/**
 * The page's AOI ranking: the areas' shares and ranks with rho, or why there is none (a video has
 * no areas; a page has fewer than 3 on its prediction, or no prediction with areas).
 */
export function toAreaRanking(
  areas: readonly { name: string }[] | null,
  agreement: AreaRankAgreement | null,
): CohortPageAgreement['areas'] {
  if (areas === null) return { available: false, reason: COHORT_AGREEMENT_MESSAGES.videoAreas };
  if (areas.length === 0) return { available: false, reason: COHORT_AGREEMENT_MESSAGES.noPageAreas };
  if (agreement === null) return { available: false, reason: COHORT_AGREEMENT_MESSAGES.fewAreas };
  const rho = toEstimate(agreement.rho);
  return {
    available: true,
    source: 'page_prediction',
    rho,
    reading: agreementReading(agreement.rho),
    areas: agreement.areas.map(({ lab, remote }, index) => ({
      name: areas[index]?.name ?? `Box ${index + 1}`,
      lab_share: rounded(lab.share) ?? 0,
      remote_share: rounded(remote.share) ?? 0,
      lab_rank: lab.rank,
      lab_rank_interval: intervalOf(lab.rankLower, lab.rankUpper),
      remote_rank: remote.rank,
      remote_rank_interval: intervalOf(remote.rankLower, remote.rankUpper),
    })),
  };
}

/** The areas the intervals rank apart (analytics rankDifferences) on the answer's ranks. */
function rankedApart(areas: Extract<CohortPageAgreement['areas'], { available: true }>['areas']): number[] {
  return rankDifferences({
    rho: { value: null, lower: null, upper: null },
    areas: areas.map((area) => ({
      lab: {
        share: area.lab_share,
        rank: area.lab_rank,
        rankLower: area.lab_rank_interval?.[0] ?? null,
        rankUpper: area.lab_rank_interval?.[1] ?? null,
      },
      remote: {
        share: area.remote_share,
        rank: area.remote_rank,
        rankLower: area.remote_rank_interval?.[0] ?? null,
        rankUpper: area.remote_rank_interval?.[1] ?? null,
      },
    })),
  });
}

/**
 * What holds in one cohort only, in plain words: pages whose maps agree weakly by their whole
 * interval, and areas the cohorts rank at least 2 places apart with intervals that do not overlap.
 */
export function findingsOf(pages: readonly CohortPageAgreement[]): CohortFinding[] {
  return pages.flatMap((page): CohortFinding[] => {
    const base = { heatmap_id: page.heatmap_id, page: page.name };
    const weak: CohortFinding[] =
      page.reading === 'weak'
        ? [{ ...base, kind: 'weak_map', cc: page.cc, text: weakMapFindingText(page.name, page.cc) }]
        : [];
    if (!page.areas.available) return weak;
    const areas = page.areas.areas;
    const ranked = rankedApart(areas).map((index): CohortFinding => {
      const area = areas[index] as (typeof areas)[number];
      return {
        ...base,
        kind: 'area_rank',
        area: area.name,
        lab_rank: area.lab_rank,
        remote_rank: area.remote_rank,
        text: areaRankFindingText(page.name, area.name, area.lab_rank, area.remote_rank),
      };
    });
    return [...weak, ...ranked];
  });
}
