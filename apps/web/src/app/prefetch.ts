import type { TestDetail } from '@limbus/contract';
import type { QueryClient } from '@tanstack/react-query';
import { getSession } from '../api';
import { currentUserQuery } from '../features/account';
import { labelsQuery } from '../features/annotations';
import { benchmarkQuery } from '../features/benchmark';
import { cohortOf } from '../features/cohorts';
import { FIRST_VIEW, heatmapPointsQuery, heatmapsQuery, preloadFirstScreenshot } from '../features/heatmaps';
import { journeyQuery } from '../features/journey';
import { participantsQuery, streamQuery } from '../features/participants';
import { recordingParticipantQuery, sectionClipsQuery } from '../features/recording';
import { redirectOfResults } from '../features/test-results';
import { testQuery } from '../features/user-tests';

type Address = { pathname: string; search: string };
/** What a screen shows first, asked for once the test's detail is there; resolves when it has come. */
type ScreenData = (
  queryClient: QueryClient,
  test: TestDetail,
  match: RegExpExecArray,
  search: string,
) => Promise<unknown>;

/** The addresses of a test's screens, which all wait for the test (the results layout, research). */
const TEST_ADDRESS = /^\/(?:research\/)?(?:video-)?test\/([^/]+)(?:\/|$)/;

/** The screens of spec 3 whose first data is asked for as the app starts, by address. */
const SCREEN_DATA: [RegExp, ScreenData][] = [
  [/^\/(?:research\/)?test\/[^/]+\/(?:participant\/(\d+)\/heatmap|heatmaps)\/?$/, heatmapsData],
  [/^\/test\/[^/]+\/participant\/(\d+)\/(recording|video)\/?$/, recordingData],
  [
    /^\/test\/[^/]+\/journey\/?$/,
    (client, test, _, search) => client.prefetchQuery(journeyQuery(test.id, cohortIn(search))),
  ],
  [
    /^\/test\/[^/]+\/benchmark\/?$/,
    (client, test, _, search) => client.prefetchQuery(benchmarkQuery(test.id, cohortIn(search))),
  ],
  [/^\/test\/[^/]+\/section-video\/?$/, sectionVideoData],
];

/**
 * Asks for the data the first screen shows while its code still loads, and resolves when all of it
 * has arrived (or failed: the screen then shows the error). On a phone the screen otherwise asked
 * for the signed-in user and the test only after the chunks that render them had arrived (one
 * round trip after another), and every answer that came after the screen had mounted rendered it
 * again in one long task (react-query's store updates are never time-sliced).
 */
export function prefetchDataOf(queryClient: QueryClient, { pathname, search }: Address): Promise<void> {
  if (!getSession().token) return Promise.resolve();
  const user = queryClient.fetchQuery(currentUserQuery());
  const testId = TEST_ADDRESS.exec(pathname)?.[1];
  if (!testId) return user.then(nothing, nothing);
  // only where the address shows its own screen: an Essential test's journey goes to /locked, and
  // the server would refuse its data
  return Promise.all([user, queryClient.fetchQuery(testQuery(testId))])
    .then(([me, test]) =>
      redirectOfResults(test, me, pathname) === null
        ? screenDataOf(queryClient, test, pathname, search)
        : null,
    )
    .then(nothing, nothing);
}

const nothing = () => undefined;

function screenDataOf(queryClient: QueryClient, test: TestDetail, pathname: string, search: string) {
  for (const [address, data] of SCREEN_DATA) {
    const match = address.exec(pathname);
    if (match) return data(queryClient, test, match, search);
  }
}

/** The results' cohort the address names (`?cohort=`), as the screens read it. */
const cohortIn = (search: string) => cohortOf(new URLSearchParams(search));

/** The pages, the participants and the first page's gaze; the first screenshot is asked for at once. */
function heatmapsData(queryClient: QueryClient, test: TestDetail, match: RegExpExecArray, search: string) {
  preloadFirstScreenshot(test.heatmaps);
  const first = test.heatmaps[0];
  const participantId = match[1] ? Number(match[1]) : undefined;
  const cohort = cohortIn(search);
  return Promise.all([
    queryClient.prefetchQuery(heatmapsQuery(test.id)),
    queryClient.prefetchQuery(participantsQuery(test.id, cohort)),
    first &&
      queryClient.prefetchQuery(
        heatmapPointsQuery(test.id, first.id, { ...FIRST_VIEW, participantId }, cohort),
      ),
  ]);
}

/**
 * The participant with the video's address and the participants (the selector). The replay's
 * samples are asked for too but not waited for: the video shows without them.
 */
function recordingData(queryClient: QueryClient, test: TestDetail, match: RegExpExecArray, search: string) {
  const participantId = Number(match[1]);
  const isReplay = match[2] === 'recording';
  const participant = queryClient.fetchQuery(recordingParticipantQuery(test.id, participantId));
  // the samples of the streams the participant's source records, once its source is known
  if (isReplay)
    void participant.then(({ source }) => {
      for (const kind of ['emotions', 'eyes', 'mice'] as const)
        void queryClient.prefetchQuery(streamQuery(test.id, participantId, kind, { source }));
    });
  return Promise.all([
    participant.catch(() => undefined),
    isReplay && queryClient.prefetchQuery(participantsQuery(test.id, cohortIn(search))),
  ]);
}

/** The test's pages, then the clips of the page the address names (the first one by default). */
async function sectionVideoData(
  queryClient: QueryClient,
  test: TestDetail,
  _: RegExpExecArray,
  search: string,
) {
  const pages = await queryClient.fetchQuery(labelsQuery(test.id, cohortIn(search))).catch(() => []);
  const chosen = Number(new URLSearchParams(search).get('page'));
  const page = pages.find((label) => label.id === chosen) ?? pages[0];
  if (page) await queryClient.prefetchQuery(sectionClipsQuery(test.id, page.id, cohortIn(search)));
}
