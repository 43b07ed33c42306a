import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { makeTestDetail } from '../../../test/test-detail';
import { InsightsTab } from './insights-tab';

describe('InsightsTab', () => {
  it('leads to the research insights screen and the suggestions, and to no screen that does not exist', () => {
    renderWithProviders(<InsightsTab test={makeTestDetail({ id: 7, tags: [{ id: 1, name: 'Menu' }] })} />);
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['/research/test/7/insights', '/test/7/suggestions']);
    expect(screen.getByRole('link', { name: 'Open insights' })).toBeTruthy();
    expect(screen.getByText('1 tag on this test’s feedback points')).toBeTruthy();
  });
});
