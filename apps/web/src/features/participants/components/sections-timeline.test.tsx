import type { Section } from '@limbus/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { SectionsTimeline, sectionPages } from './sections-timeline';

const START = 1_700_000_000_000;

function section(
  id: number,
  fromS: number,
  toS: number,
  label: { id: number; name: string } | null,
): Section {
  return {
    id,
    timestamp_start: START + fromS * 1000,
    timestamp_end: START + toS * 1000,
    label_id: label?.id ?? null,
    label,
    participant_id: 3,
  };
}

const home = { id: 1, name: 'Home page' };
const checkout = { id: 2, name: 'Checkout' };
const sections = [
  section(11, 0, 20, home),
  section(12, 20, 50, checkout),
  section(13, 50, 70, home),
  section(14, 70, 90, null),
];

describe('SectionsTimeline', () => {
  it('colours the sections by page title, the same title alike and untitled grey', () => {
    expect(sectionPages(sections)).toEqual([
      { id: 1, name: 'Home page', color: 'blue' },
      { id: 2, name: 'Checkout', color: 'violet' },
      { id: null, name: 'No page title', color: 'gray' },
    ]);
  });

  it('names every bar with its page title and explains the colours in a legend', () => {
    renderWithProviders(
      <SectionsTimeline
        sections={sections}
        draftStart={null}
        startMs={START}
        durationMs={100_000}
        nowMs={START}
        selectedId={null}
        onSelect={() => {}}
        onRemove={() => {}}
      />,
    );
    const bars = within(screen.getByRole('group', { name: 'Sections of the recording' }));
    const checkoutBar = bars.getByRole('button', { name: 'Section Checkout from 00:20' });
    expect(within(checkoutBar).getByText('Checkout')).toBeTruthy();
    expect(checkoutBar.style.background).toBe('var(--mantine-color-violet-1)');
    const homeBars = bars.getAllByRole('button', { name: /^Section Home page/ });
    expect(homeBars.map((bar) => bar.style.background)).toEqual([
      'var(--mantine-color-blue-1)',
      'var(--mantine-color-blue-1)',
    ]);
    const legend = within(screen.getByRole('list', { name: 'Legend of the sections' }));
    expect(legend.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Home page',
      'Checkout',
      'No page title',
      'Playhead',
    ]);
  });
});
