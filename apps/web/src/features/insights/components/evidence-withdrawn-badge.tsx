import type { Insight } from '@limbus/contract';
import { Badge } from '@mantine/core';
import { AppTooltip, formatDate } from '../../../ui';

/**
 * 'Evidence withdrawn': an erasure removed moments this insight cited (docs/data-rights.md). The
 * citations are gone; the researcher keeps or rewrites the insight.
 */
export function EvidenceWithdrawnBadge({ insight }: { insight: Pick<Insight, 'evidence_withdrawn_at'> }) {
  if (insight.evidence_withdrawn_at === null) return null;
  return (
    <AppTooltip
      label={`A participant was erased on ${formatDate(insight.evidence_withdrawn_at)}: the moments of theirs this insight cited are gone. Keep or rewrite it.`}
    >
      <Badge color="orange" variant="light" tabIndex={0}>
        Evidence withdrawn
      </Badge>
    </AppTooltip>
  );
}
