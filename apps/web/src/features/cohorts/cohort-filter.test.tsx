import type { TestDetail } from '@limbus/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { CohortFilter } from './cohort-filter';
import { cohortSearch, participantsOfCohort, useCohort } from './use-cohort';

function ChosenCohort() {
  return <p>Chosen: {useCohort()}</p>;
}

function renderFilter(cohorts: TestDetail['cohorts'], path = '/test/7/participants') {
  return renderWithProviders(
    <>
      <CohortFilter test={{ cohorts }} />
      <ChosenCohort />
    </>,
    { path },
  );
}

describe('CohortFilter', () => {
  it('is not shown for a test with one cohort', () => {
    renderFilter({ lab: 12, remote: 0 });
    expect(screen.queryByRole('radiogroup', { name: 'Participants' })).toBeNull();
    renderFilter({ lab: 0, remote: 40 });
    expect(screen.queryByRole('radiogroup', { name: 'Participants' })).toBeNull();
  });

  it('offers All, Lab and Remote (webcam), and keeps the choice in the address', async () => {
    const { router } = renderFilter({ lab: 12, remote: 40 }, '/test/7/participants?page=2');
    const group = screen.getByRole('radiogroup', { name: 'Participants' });
    expect(group).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'All' })).toHaveProperty('checked', true);
    expect(screen.getByText('Chosen: all')).toBeTruthy();

    await userEvent.click(screen.getByRole('radio', { name: 'Remote (webcam)' }));
    expect(router.state.location.search).toBe('?page=2&cohort=remote');
    expect(screen.getByText('Chosen: remote')).toBeTruthy();

    await userEvent.click(screen.getByRole('radio', { name: 'Lab' }));
    expect(router.state.location.search).toBe('?page=2&cohort=lab');
    await userEvent.click(screen.getByRole('radio', { name: 'All' }));
    expect(router.state.location.search).toBe('?page=2');
  });

  it('reads the cohort of an address it is opened at, and ignores one that is not a cohort', () => {
    renderFilter({ lab: 12, remote: 40 }, '/test/7/participants?cohort=remote');
    expect(screen.getByRole('radio', { name: 'Remote (webcam)' })).toHaveProperty('checked', true);
    renderFilter({ lab: 12, remote: 40 }, '/test/7/participants?cohort=webcam');
    expect(screen.getAllByText(/Chosen: /).map((node) => node.textContent)).toEqual([
      'Chosen: remote',
      'Chosen: all',
    ]);
  });
});

describe('cohort wording', () => {
  it('says which cohort a count is of, and keeps the choice on links', () => {
    expect(participantsOfCohort(40, 'remote')).toBe('40 remote participants');
    expect(participantsOfCohort(1, 'lab')).toBe('1 lab participant');
    expect(participantsOfCohort(52, 'all')).toBe('52 participants');
    expect(cohortSearch('remote')).toBe('?cohort=remote');
    expect(cohortSearch('all')).toBe('');
  });
});
