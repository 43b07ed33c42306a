import type { Benchmark, BenchmarkGroup } from '@limbus/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { BenchmarkScreen, ordinal } from './benchmark-screen';

const rank = (value: number, percentile: number, median: number) => ({ value, percentile, median });
const shown: BenchmarkGroup = {
  tests: 7,
  needed: 5,
  is_shown: true,
  reference_pages: 31,
  test: { joy: rank(0.42, 71.4, 0.4), attention: rank(0.5, 50, 0.5), frustration: rank(0.35, 85.7, 0.3) },
  pages: [
    {
      id: 3,
      name: 'Checkout',
      emotions: { joy: rank(0.2, 10, 0.4), attention: rank(0.5, 50, 0.5), frustration: rank(0.6, 96.8, 0.3) },
    },
  ],
};
const hidden: BenchmarkGroup = {
  tests: 2,
  needed: 5,
  is_shown: false,
  reference_pages: 0,
  test: null,
  pages: [],
};

describe('BenchmarkScreen', () => {
  it('shows percentiles where enough tests count and says how many are missing elsewhere', async () => {
    const data: Benchmark = {
      company: hidden,
      category: { id: 3, name: 'E-commerce' },
      category_group: shown,
      cohort: 'all',
      has_emotions: true,
    };
    useFakeApi({ 'GET /tests/7/benchmark': { body: { data } } });
    renderWithProviders(<BenchmarkScreen testId={7} />);
    expect(
      await screen.findByText(
        'Your company has 2 other done tests; a comparison is shown from 5 tests on, so 3 more are needed.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Against E-commerce tests of all companies' })).toBeTruthy();
    expect(screen.getByText('86th percentile')).toBeTruthy();
    expect(screen.getByText('Higher than in 86 % of the 7 tests')).toBeTruthy();
    expect(screen.getByText('97 % of pages')).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Frustration of Checkout: higher than 97 % of pages' }),
    ).toBeTruthy();
  });

  it('explains a test without a category', async () => {
    const data: Benchmark = {
      company: hidden,
      category: null,
      category_group: null,
      cohort: 'all',
      has_emotions: true,
    };
    useFakeApi({ 'GET /tests/7/benchmark': { body: { data } } });
    renderWithProviders(<BenchmarkScreen testId={7} />);
    expect(await screen.findByText(/This test has no category/)).toBeTruthy();
  });

  it('asks for the address’s cohort, and says when that cohort has no EEG to compare', async () => {
    const data: Benchmark = {
      company: hidden,
      category: null,
      category_group: null,
      cohort: 'remote',
      has_emotions: false,
    };
    const fake = useFakeApi({ 'GET /tests/7/benchmark': { body: { data } } });
    renderWithProviders(<BenchmarkScreen testId={7} />, { path: '/test/7/benchmark?cohort=remote' });
    expect(await screen.findByText(/The remote participants were recorded without EEG/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: "Against your company's other tests" })).toBeNull();
    expect(fake.calls.map((call) => call.url)).toEqual(['/api/v1/tests/7/benchmark?cohort=remote']);
  });

  it('says whose values a lab cohort’s benchmark compares', async () => {
    const data: Benchmark = {
      company: shown,
      category: null,
      category_group: null,
      cohort: 'lab',
      has_emotions: true,
    };
    useFakeApi({ 'GET /tests/7/benchmark': { body: { data } } });
    renderWithProviders(<BenchmarkScreen testId={7} />, { path: '/test/7/benchmark?cohort=lab' });
    expect((await screen.findByRole('note')).textContent).toBe(
      "This test's values are its lab participants' emotions; the other tests count all of theirs.",
    );
    expect(screen.getByText('86th percentile')).toBeTruthy();
  });

  it('writes ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 100].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '100th',
    ]);
  });
});
