/**
 * The rows of every module against the routes the app registers, both ways: a route that is
 * added, removed or changes its access fails here until its module's `<module>.route-cases.ts`
 * says so, in the route-policy table and, when it takes input, in the bad-input cases.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { appPolicyCases } from '../src/app.route-cases.js';
import { createAccessTokens } from '../src/auth/access-tokens.js';
import { registerAuthentication } from '../src/http/authenticate.js';
import { createSignedUrls } from '../src/http/signed-urls.js';
import { accessInputCases, accessPolicyCases } from '../src/modules/access/access.route-cases.js';
import { aiInputCases, aiPolicyCases } from '../src/modules/ai/ai.route-cases.js';
import {
  annotationsInputCases,
  annotationsPolicyCases,
} from '../src/modules/annotations/annotations.route-cases.js';
import { answersInputCases, answersPolicyCases } from '../src/modules/answers/answers.route-cases.js';
import { auditInputCases, auditPolicyCases } from '../src/modules/audit/audit.route-cases.js';
import { authInputCases, authPolicyCases } from '../src/modules/auth/auth.route-cases.js';
import { benchmarkInputCases, benchmarkPolicyCases } from '../src/modules/benchmark/benchmark.route-cases.js';
import {
  cohortAgreementInputCases,
  cohortAgreementPolicyCases,
} from '../src/modules/cohort-agreement/cohort-agreement.route-cases.js';
import { companiesInputCases, companiesPolicyCases } from '../src/modules/companies/companies.route-cases.js';
import { consentInputCases, consentPolicyCases } from '../src/modules/consent/consent.route-cases.js';
import { contractsInputCases, contractsPolicyCases } from '../src/modules/contracts/contracts.route-cases.js';
import { erasuresInputCases, erasuresPolicyCases } from '../src/modules/erasures/erasures.route-cases.js';
import {
  evidenceReelsInputCases,
  evidenceReelsPolicyCases,
} from '../src/modules/evidence-reels/evidence-reels.route-cases.js';
import { exportsInputCases, exportsPolicyCases } from '../src/modules/exports/exports.route-cases.js';
import { heatmapsInputCases, heatmapsPolicyCases } from '../src/modules/heatmaps/heatmaps.route-cases.js';
import { ingestionInputCases, ingestionPolicyCases } from '../src/modules/ingestion/ingestion.route-cases.js';
import { insightsInputCases, insightsPolicyCases } from '../src/modules/insights/insights.route-cases.js';
import { journeyInputCases, journeyPolicyCases } from '../src/modules/journey/journey.route-cases.js';
import {
  participantsInputCases,
  participantsPolicyCases,
} from '../src/modules/participants/participants.route-cases.js';
import {
  predictionsInputCases,
  predictionsPolicyCases,
} from '../src/modules/predictions/predictions.route-cases.js';
import {
  processingRecordInputCases,
  processingRecordPolicyCases,
} from '../src/modules/processing-record/processing-record.route-cases.js';
import { qualityInputCases, qualityPolicyCases } from '../src/modules/quality/quality.route-cases.js';
import {
  remoteStudiesInputCases,
  remoteStudiesPolicyCases,
} from '../src/modules/remote-studies/remote-studies.route-cases.js';
import { resourcesInputCases, resourcesPolicyCases } from '../src/modules/resources/resources.route-cases.js';
import { retentionInputCases, retentionPolicyCases } from '../src/modules/retention/retention.route-cases.js';
import {
  sectionClipsInputCases,
  sectionClipsPolicyCases,
} from '../src/modules/section-clips/section-clips.route-cases.js';
import {
  shareLinksInputCases,
  shareLinksPolicyCases,
} from '../src/modules/share-links/share-links.route-cases.js';
import {
  suggestionsInputCases,
  suggestionsPolicyCases,
} from '../src/modules/suggestions/suggestions.route-cases.js';
import { supportInputCases, supportPolicyCases } from '../src/modules/support/support.route-cases.js';
import {
  testSetupsInputCases,
  testSetupsPolicyCases,
} from '../src/modules/test-setups/test-setups.route-cases.js';
import { testsInputCases, testsPolicyCases } from '../src/modules/user-tests/user-tests.route-cases.js';
import { usersInputCases, usersPolicyCases } from '../src/modules/users/users.route-cases.js';
import {
  videoTestsInputCases,
  videoTestsPolicyCases,
} from '../src/modules/video-tests/video-tests.route-cases.js';
import { voiceInputCases, voicePolicyCases } from '../src/modules/voice/voice.route-cases.js';
import type { InputCase } from './bad-input-matrix.js';
import { expectedOutcome, ROLES, type RouteCases, usePolicyWorld } from './route-policy-matrix.js';

/** Every module's rows: a module that is not listed here leaves its routes without rows. */
const MODULES: { name: string; policy: RouteCases; input: readonly InputCase[] }[] = [
  { name: 'app', policy: appPolicyCases, input: [] },
  { name: 'auth', policy: authPolicyCases, input: authInputCases },
  { name: 'users', policy: usersPolicyCases, input: usersInputCases },
  { name: 'companies', policy: companiesPolicyCases, input: companiesInputCases },
  { name: 'contracts', policy: contractsPolicyCases, input: contractsInputCases },
  { name: 'tests', policy: testsPolicyCases, input: testsInputCases },
  { name: 'participants', policy: participantsPolicyCases, input: participantsInputCases },
  { name: 'video-tests', policy: videoTestsPolicyCases, input: videoTestsInputCases },
  { name: 'test-setups', policy: testSetupsPolicyCases, input: testSetupsInputCases },
  { name: 'ingestion', policy: ingestionPolicyCases, input: ingestionInputCases },
  { name: 'support', policy: supportPolicyCases, input: supportInputCases },
  { name: 'annotations', policy: annotationsPolicyCases, input: annotationsInputCases },
  { name: 'answers', policy: answersPolicyCases, input: answersInputCases },
  { name: 'heatmaps', policy: heatmapsPolicyCases, input: heatmapsInputCases },
  { name: 'insights', policy: insightsPolicyCases, input: insightsInputCases },
  { name: 'evidence-reels', policy: evidenceReelsPolicyCases, input: evidenceReelsInputCases },
  { name: 'journey', policy: journeyPolicyCases, input: journeyInputCases },
  { name: 'cohort-agreement', policy: cohortAgreementPolicyCases, input: cohortAgreementInputCases },
  { name: 'benchmark', policy: benchmarkPolicyCases, input: benchmarkInputCases },
  { name: 'section-clips', policy: sectionClipsPolicyCases, input: sectionClipsInputCases },
  { name: 'ai', policy: aiPolicyCases, input: aiInputCases },
  { name: 'suggestions', policy: suggestionsPolicyCases, input: suggestionsInputCases },
  { name: 'resources', policy: resourcesPolicyCases, input: resourcesInputCases },
  { name: 'predictions', policy: predictionsPolicyCases, input: predictionsInputCases },
  { name: 'quality', policy: qualityPolicyCases, input: qualityInputCases },
  { name: 'exports', policy: exportsPolicyCases, input: exportsInputCases },
  { name: 'audit', policy: auditPolicyCases, input: auditInputCases },
  { name: 'consent', policy: consentPolicyCases, input: consentInputCases },
  { name: 'erasures', policy: erasuresPolicyCases, input: erasuresInputCases },
  { name: 'retention', policy: retentionPolicyCases, input: retentionInputCases },
  { name: 'access', policy: accessPolicyCases, input: accessInputCases },
  { name: 'processing-record', policy: processingRecordPolicyCases, input: processingRecordInputCases },
  { name: 'share-links', policy: shareLinksPolicyCases, input: shareLinksInputCases },
  { name: 'remote-studies', policy: remoteStudiesPolicyCases, input: remoteStudiesInputCases },
  { name: 'voice', policy: voicePolicyCases, input: voiceInputCases },
];

/** Keys that more than one module states, with the modules that do. */
function statedTwice(keysOf: (module: (typeof MODULES)[number]) => string[]): string[] {
  const owners = new Map<string, string[]>();
  for (const module of MODULES) {
    for (const key of keysOf(module)) owners.set(key, [...(owners.get(key) ?? []), module.name]);
  }
  return [...owners].filter(([, names]) => names.length > 1).map(([key, names]) => `${key}: ${names}`);
}

const POLICY: RouteCases = Object.assign({}, ...MODULES.map((module) => module.policy));
const CASES = MODULES.flatMap((module) => module.input);

const matrix = usePolicyWorld();
const apiRoutes = () => matrix.t.app.registeredRoutes.filter((route) => route.url.startsWith('/api/v1'));
const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/** A bare Fastify app with the authentication hook, which checks each route's access as it is added. */
function appWithAuthentication() {
  const app = Fastify({ logger: false });
  registerAuthentication(app, {
    loadSignedInUser: async () => null,
    findSetupByKey: async () => null,
    findShareGrant: async () => null,
    findRemoteLink: async () => null,
    findRemoteSession: async () => null,
    accessTokens: createAccessTokens('x'.repeat(32)),
    signedUrls: createSignedUrls('x'.repeat(32)),
    clock: () => new Date(),
  });
  return app;
}

describe('every route states its access', () => {
  it('lists every /api/v1 route of the app in the policy table, with the access it states', () => {
    expect(
      statedTwice((module) => Object.keys(module.policy)),
      'rows stated by two modules',
    ).toEqual([]);
    const registered = apiRoutes();
    expect(registered.length).toBeGreaterThan(40);
    const missing = registered.filter((route) => !POLICY[keyOf(route)]).map(keyOf);
    expect(missing, 'routes without a row in POLICY').toEqual([]);
    const stale = Object.keys(POLICY).filter((key) => !registered.some((route) => keyOf(route) === key));
    expect(stale, 'rows of POLICY without a route').toEqual([]);
    for (const route of registered) {
      expect(route.access, keyOf(route)).toBe(POLICY[keyOf(route)]?.access);
    }
  });

  it('states an expectation for every role and every target of each route', () => {
    for (const [key, route] of Object.entries(POLICY)) {
      for (const role of ROLES) {
        for (const target of route.targets)
          expect(expectedOutcome(route, role, target), `${key} ${role} ${target}`).toBeDefined();
      }
    }
  });

  it('serves nothing but reading outside /api/v1 (the web app and its files)', () => {
    const others = matrix.t.app.registeredRoutes.filter((route) => !route.url.startsWith('/api/v1'));
    expect(others.map(keyOf)).toEqual(expect.arrayContaining(['GET /*', 'HEAD /*']));
    for (const route of others) expect(['GET', 'HEAD'], keyOf(route)).toContain(route.method);
  });

  it('refuses to build an app with a /api/v1 route that states no access', async () => {
    const app = appWithAuthentication();
    const build = async () => {
      await app.register(
        async (api) => {
          api.get('/stated', { config: { access: 'user' } }, async () => 'fine');
          api.get('/unstated', async () => 'open to all');
        },
        { prefix: '/api/v1' },
      );
      await app.ready();
    };
    await expect(build()).rejects.toThrow(
      'Route GET /api/v1/unstated states no access policy (config.access)',
    );
    await app.close();
  });

  it('lets a route outside /api/v1 go without access (the web app)', async () => {
    const app = appWithAuthentication();
    app.get('/page', async () => 'page');
    await app.ready();
    expect(app.registeredRoutes.map(keyOf)).toEqual(['GET /page', 'HEAD /page']);
    await app.close();
  });
});

describe('coverage', () => {
  it('feeds bad input to every /api/v1 route that takes a body, a query or an id', () => {
    expect(
      statedTwice((module) => module.input.map((testCase) => testCase.key)),
      'cases of two modules',
    ).toEqual([]);
    const cases = new Map(CASES.map((testCase) => [testCase.key, testCase]));
    const takingInput = matrix.t.app.registeredRoutes.filter(
      (route) =>
        route.url.startsWith('/api/v1') &&
        route.method !== 'HEAD' &&
        (['body', 'querystring', 'params'] as const).some((part) => route.schema?.[part] !== undefined),
    );
    expect(takingInput.length).toBeGreaterThan(20);
    for (const route of takingInput) {
      const testCase = cases.get(keyOf(route));
      expect(testCase, `${keyOf(route)} has no case`).toBeDefined();
      const parts = (['body', 'querystring', 'params'] as const).filter(
        (part) => route.schema?.[part] !== undefined,
      );
      expect([...(testCase?.parts ?? [])].sort(), keyOf(route)).toEqual(parts.sort());
      expect(testCase?.isPublic, keyOf(route)).toBe(route.access === 'public');
    }
    const formsOnly = matrix.t.app.registeredRoutes.filter(
      (route) =>
        route.multipart && !takingInput.includes(route) && ['POST', 'PATCH', 'PUT'].includes(route.method),
    );
    expect(CASES.length).toBe(takingInput.length + formsOnly.length);
  });

  it('sends a broken form (no boundary, cut off) to every /api/v1 route that reads multipart', () => {
    const cases = new Map(CASES.map((testCase) => [testCase.key, testCase]));
    const readingForms = apiRoutes().filter(
      (route) => route.multipart && ['POST', 'PATCH', 'PUT'].includes(route.method),
    );
    expect(readingForms.length).toBeGreaterThanOrEqual(6);
    for (const route of readingForms)
      expect(cases.get(keyOf(route))?.multipart, `${keyOf(route)} has no multipart case`).toBeDefined();
    const stated = CASES.filter((testCase) => testCase.multipart).map((testCase) => testCase.key);
    expect(stated.sort()).toEqual(readingForms.map(keyOf).sort());
  });
});
