import { describe, expect, it } from 'vitest';
import {
  type ResultsReader,
  type ResultsTest,
  readsIndividualParticipants,
  resultsRedirect,
} from './results-access.js';

const client: ResultsReader = { role: 'company_member', seesEveryTest: false };
const staff: ResultsReader = { role: 'company_admin', seesEveryTest: true };
const demo: ResultsReader = { role: 'demo', seesEveryTest: false };
const professional: ResultsTest = { id: 7, state: 'done', test_type: 'professional', platform: 'desktop' };
const essential: ResultsTest = { ...professional, test_type: 'essential' };

describe('resultsRedirect', () => {
  it('sends client users of a test that is not done to /tests, staff stay', () => {
    const requested = { ...professional, state: 'requested' };
    expect(resultsRedirect(requested, client, '/test/7/overview')).toBe('/tests');
    expect(resultsRedirect(requested, staff, '/test/7/overview')).toBeNull();
  });

  it('sends a video screen of a test that is not a video test to the test’s own screens', () => {
    for (const reader of [client, staff]) {
      expect(resultsRedirect(professional, reader, '/video-test/7/summary')).toBe('/test/7/overview');
      expect(resultsRedirect(professional, reader, '/video-test/7/participant/3')).toBe('/test/7/overview');
      for (const page of ['scenes', 'qualitative-feedback', 'dynamic-analysis', 'moments'])
        expect(resultsRedirect(professional, reader, `/research/test/7/${page}`)).toBe(
          '/research/test/7/participants',
        );
    }
    const video = { ...professional, platform: 'video' };
    expect(resultsRedirect(video, client, '/video-test/7/summary')).toBeNull();
    expect(resultsRedirect(video, staff, '/research/test/7/scenes')).toBeNull();
  });

  it('locks the Professional pages of an Essential test, for everyone', () => {
    for (const page of [
      'page-insights',
      'tags',
      'tags/3',
      'sections',
      'journey',
      'benchmark',
      'section-video',
    ]) {
      expect(resultsRedirect(essential, client, `/test/7/${page}`)).toBe('/test/7/locked');
      expect(resultsRedirect(essential, staff, `/test/7/${page}/`)).toBe('/test/7/locked');
      expect(resultsRedirect(professional, client, `/test/7/${page}`)).toBeNull();
    }
    expect(resultsRedirect(essential, client, '/test/7/insights')).toBeNull();
  });

  it('shows demo users the introduction first, then only the read-only screens', () => {
    expect(resultsRedirect(professional, demo, '/test/7/overview')).toBe('/test/7/demo');
    expect(resultsRedirect(professional, demo, '/test/7/demo')).toBeNull();
    expect(resultsRedirect(professional, demo, '/test/7/overview', true)).toBeNull();
    expect(resultsRedirect(professional, demo, '/test/7/insights/3', true)).toBeNull();
    expect(resultsRedirect(professional, demo, '/test/7/suggestions/new', true)).toBe('/test/7/demo');
    expect(resultsRedirect(professional, demo, '/test/7/suggestions/4/edit', true)).toBe('/test/7/demo');
    const video = { ...professional, platform: 'video' };
    expect(resultsRedirect(video, demo, '/video-test/7/summary')).toBe('/test/7/demo?type=video');
    expect(resultsRedirect(video, demo, '/video-test/7/summary', true)).toBeNull();
  });
});

describe('readsIndividualParticipants', () => {
  it('gives a video test’s participants to clients with the add-on, to staff always, and web tests’ to all', () => {
    const video = { platform: 'video', addons: [] as string[] };
    expect(readsIndividualParticipants(client, video)).toBe(false);
    expect(readsIndividualParticipants(client, { ...video, addons: ['individual_participant'] })).toBe(true);
    expect(readsIndividualParticipants(staff, video)).toBe(true);
    expect(readsIndividualParticipants(client, { platform: 'desktop', addons: [] })).toBe(true);
  });
});
