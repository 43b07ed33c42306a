import { describe, expect, it } from 'vitest';
import { insightTextProblems, paragraphsOf } from './insight-text-check.js';

const written = {
  title: 'Adding the shoe to the basket feels good',
  summary: '<p>9 of 12 participants showed it, mostly as joy, at Add to basket.</p>',
  explanation: '<p>What happened: 9 of 12 participants had a significant moment here.</p>',
  behavior_comment: 'The peaks came a median 26 s after the page opened (12 to 44 s).',
  eeg_comment: 'Joy peaked in 9 of 12 participants on the Runner 2 page.',
  eye_tracking_comment: '',
  touch_tracking_comment: '',
  suggestion: '<p><strong>Keep Add to basket</strong></p><p>Focus point: Hero.</p>',
};

describe('insightTextProblems (issue 26)', () => {
  it('finds nothing in an insight whose sections each say their own thing', () => {
    expect(insightTextProblems(written)).toEqual([]);
  });

  it('flags a summary that starts with its title, whatever the case and punctuation', () => {
    const problems = insightTextProblems({
      ...written,
      summary: '<p>Adding the shoe to the basket feels good: 9 moments of 9 participants.</p>',
    });
    expect(problems).toEqual([
      'The summary starts with the title “Adding the shoe to the basket feels good”: say what the title does not.',
    ]);
    expect(
      insightTextProblems({ ...written, summary: '<p>adding the shoe to the basket FEELS good.</p>' }),
    ).toHaveLength(1);
  });

  it('flags a paragraph repeated across sections or within one, but not a short label', () => {
    const problems = insightTextProblems({
      ...written,
      explanation: `<p>Intro of the explanation here.</p><p>Behavior: ${written.behavior_comment}</p>`,
      eye_tracking_comment: 'Focus point: Hero.',
    });
    expect(problems).toEqual([
      '“The peaks came a median 26 s after the page opened (12 to 44 s).” stands in both the explanation and the behavior_comment.',
    ]);
    const twice = insightTextProblems({
      ...written,
      eeg_comment: 'Joy peaked in 9 of 12 participants.\n\nJoy peaked in 9 of 12 participants.',
    });
    expect(twice).toEqual(['“Joy peaked in 9 of 12 participants.” stands in the eeg_comment twice.']);
  });

  it('reads paragraphs and list items out of HTML', () => {
    expect(paragraphsOf('<p>One&nbsp;two</p><ul><li>Three</li><li>Four <b>five</b></li></ul>')).toEqual([
      'One two',
      'Three',
      'Four five',
    ]);
  });
});
