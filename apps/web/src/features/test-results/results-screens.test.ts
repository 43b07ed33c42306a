import { describe, expect, it } from 'vitest';
import { activeScreen, resultsScreens } from './results-screens';

describe('results screens', () => {
  it('lists the web screens and locks the Professional ones of an Essential test', () => {
    const essential = resultsScreens({ id: 4, platform: 'desktop', test_type: 'essential' });
    expect(essential.map((screen) => [screen.label, screen.href, screen.isLocked])).toEqual([
      ['Overview', '/test/4/overview', false],
      ['Insights', '/test/4/insights', false],
      ['Pages', '/test/4/locked', true],
      ['Tags', '/test/4/locked', true],
      ['Sections', '/test/4/locked', true],
      ['Section video', '/test/4/locked', true],
      ['Heatmaps', '/test/4/heatmaps', false],
      ['Journey', '/test/4/locked', true],
      ['Benchmark', '/test/4/locked', true],
      ['Participants', '/test/4/participants', false],
      ['Suggestions', '/test/4/suggestions', false],
    ]);
    const professional = resultsScreens({ id: 4, platform: 'mobile', test_type: 'professional' });
    expect(professional.filter((screen) => screen.isLocked)).toEqual([]);
  });

  it('marks the screen of an address, also below it', () => {
    const screens = resultsScreens({ id: 4, platform: 'desktop', test_type: 'professional' });
    expect(activeScreen(screens, '/test/4/insights/7')?.label).toBe('Insights');
    expect(activeScreen(screens, '/test/4/locked')).toBeUndefined();
  });

  it('lists the video screens, with the research twins in the research area', () => {
    const client = resultsScreens({ id: 9, platform: 'video', test_type: 'professional' });
    expect(client.map((screen) => screen.href)).toEqual([
      '/video-test/9/summary',
      '/video-test/9/scenes',
      '/video-test/9/dynamic-analysis',
      '/video-test/9/moments',
      '/video-test/9/qualitative-feedback',
      '/video-test/9/participant',
    ]);
    const research = resultsScreens({ id: 9, platform: 'video', test_type: 'essential' }, true);
    expect(research[1]?.href).toBe('/research/test/9/scenes');
    expect(research[0]?.href).toBe('/video-test/9/summary');
    expect(activeScreen(research, '/research/test/9/scenes')?.label).toBe('Scenes');
  });
});
