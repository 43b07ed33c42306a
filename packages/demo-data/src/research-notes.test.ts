import { describe, expect, it } from 'vitest';
import { DEMO_TAG_NAMES, EVENT_KINDS } from './phrase-bank.js';
import {
  DEMO_INSIGHT_TOPICS,
  DEMO_PAGE_LABELS,
  DEMO_TAG_DESCRIPTIONS,
  demoPageLabel,
} from './research-notes.js';
import { SITE_PAGES } from './site-layout.js';
import { siteLayout } from './site-layouts.js';

describe('research notes', () => {
  it('describes every tag of the phrase bank in one line', () => {
    expect(Object.keys(DEMO_TAG_DESCRIPTIONS).sort()).toEqual([...DEMO_TAG_NAMES].sort());
    for (const description of Object.values(DEMO_TAG_DESCRIPTIONS)) {
      expect(description.length).toBeGreaterThan(20);
      expect(description).not.toContain('\n');
    }
  });

  it('gives every web finding (the first tag of a shop event) one insight topic', () => {
    const webKinds = Object.entries(EVENT_KINDS).filter(([name]) => !name.startsWith('video-'));
    const findings = [...new Set(webKinds.map(([, kind]) => kind.tags[0]))].sort();
    expect(DEMO_INSIGHT_TOPICS.map((topic) => topic.tag).sort()).toEqual(findings);
  });

  it('names each page of the shop once', () => {
    const names = SITE_PAGES.map((page) => DEMO_PAGE_LABELS[page.name]);
    expect(new Set(names).size).toBe(SITE_PAGES.length);
    expect(siteLayout('mobile').pages.map(demoPageLabel)).toEqual(names);
    expect(demoPageLabel({ name: 'about', title: 'About us' })).toBe('About us');
  });
});
