import { screen } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/router';
import { renderWithProviders } from '../../../test/render';
import { makeTestDetail } from '../../../test/test-detail';
import { ParticipantsTab } from './participants-tab';

/** The route a path lands on: '*' is a screen that does not exist (the 404 page or a fallback). */
const landingOf = (href: string) => matchRoutes(routes, href)?.at(-1)?.route.path;

describe('ParticipantsTab', () => {
  it('leads to the remote cohorts of the test, and every link to a screen that exists', () => {
    renderWithProviders(<ParticipantsTab test={makeTestDetail({ id: 7, platform: 'desktop' })} />);
    expect(screen.getByRole('link', { name: 'Remote cohorts' }).getAttribute('href')).toBe(
      '/research/test/7/remote-cohorts',
    );
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href') ?? '');
    expect(hrefs.length).toBeGreaterThan(4);
    for (const href of hrefs) expect([href, landingOf(href)]).not.toEqual([href, '*']);
  });
});
