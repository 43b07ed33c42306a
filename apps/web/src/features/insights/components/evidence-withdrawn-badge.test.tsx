import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeInsight } from '../../../test/insight';
import { renderWithProviders } from '../../../test/render';
import { InsightCard } from './insight-card';

describe('an insight whose evidence an erasure withdrew', () => {
  it("says 'Evidence withdrawn' on its card; an insight with its evidence says nothing", () => {
    renderWithProviders(
      <>
        <InsightCard
          insight={makeInsight({ id: 1, title: 'Withdrawn', evidence_withdrawn_at: 1_790_000_000 })}
          detail={{ onOpen: () => undefined }}
        />
        <InsightCard insight={makeInsight({ id: 2, title: 'Kept' })} detail={{ onOpen: () => undefined }} />
      </>,
    );
    expect(screen.getAllByText('Evidence withdrawn')).toHaveLength(1);
    const withdrawn = screen.getByRole('article', { name: 'Withdrawn' });
    expect(withdrawn.textContent).toContain('Evidence withdrawn');
  });
});
