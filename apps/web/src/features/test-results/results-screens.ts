import { isProfessionalPage, type TestDetail } from '@limbus/contract';

export type ResultsScreen = {
  label: string;
  href: string;
  /** Shown as an Upgrade tile (to /locked) on an Essential test. */
  isLocked: boolean;
};

type NavTest = Pick<TestDetail, 'id' | 'platform' | 'test_type'>;

/** The screens of a web test, in reading order. */
const WEB_SCREENS: Array<{ label: string; page: string }> = [
  { label: 'Overview', page: 'overview' },
  { label: 'Insights', page: 'insights' },
  { label: 'Pages', page: 'page-insights' },
  { label: 'Tags', page: 'tags' },
  { label: 'Sections', page: 'sections' },
  { label: 'Section video', page: 'section-video' },
  { label: 'Heatmaps', page: 'heatmaps' },
  { label: 'Journey', page: 'journey' },
  { label: 'Benchmark', page: 'benchmark' },
  { label: 'Participants', page: 'participants' },
  { label: 'Suggestions', page: 'suggestions' },
];

/** The screens of a video test (spec 3 §2 video routes). */
const VIDEO_SCREENS: Array<{ label: string; page: string; hasResearchTwin: boolean }> = [
  { label: 'Summary', page: 'summary', hasResearchTwin: false },
  { label: 'Scenes', page: 'scenes', hasResearchTwin: true },
  { label: 'Dynamic analysis', page: 'dynamic-analysis', hasResearchTwin: true },
  { label: 'Moments', page: 'moments', hasResearchTwin: true },
  { label: 'Qualitative feedback', page: 'qualitative-feedback', hasResearchTwin: true },
  { label: 'Participants', page: 'participant', hasResearchTwin: false },
];

/**
 * The results screens that exist for this test's type and tier (spec 3 §2, §6). In the research
 * area a video test's screens with a research twin lead there (where scenes and notes are written).
 */
export function resultsScreens(test: NavTest, isResearch = false): ResultsScreen[] {
  if (test.platform === 'video')
    return VIDEO_SCREENS.map(({ label, page, hasResearchTwin }) => ({
      label,
      href:
        isResearch && hasResearchTwin
          ? `/research/test/${test.id}/${page}`
          : `/video-test/${test.id}/${page}`,
      isLocked: false,
    }));
  return WEB_SCREENS.map(({ label, page }) => {
    const href = `/test/${test.id}/${page}`;
    const isLocked = test.test_type === 'essential' && isProfessionalPage(href);
    return { label, href: isLocked ? `/test/${test.id}/locked` : href, isLocked };
  });
}

/** The screen an address belongs to: `/test/4/insights/7` → the Insights screen. */
export function activeScreen(screens: readonly ResultsScreen[], pathname: string): ResultsScreen | undefined {
  return screens.find((screen) => !screen.isLocked && pathname.startsWith(screen.href));
}
