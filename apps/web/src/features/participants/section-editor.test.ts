import { SECTION_MESSAGES } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { type EditorSection, EMPTY_EDITOR, pressEnd, pressStart, sectionBar, select } from './section-editor';

const existing: EditorSection[] = [{ id: 1, start: 2000, end: 4000, labelId: null }];

describe('the sections editor', () => {
  it('starts a section 1 ms after the current time and saves it on ]', () => {
    const started = pressStart(EMPTY_EDITOR, existing, 5000);
    expect(started).toEqual({ state: { selectedId: null, draft: { start: 5001 }, error: null }, save: null });
    const ended = pressEnd(started.state, existing, 6000);
    expect(ended).toEqual({ state: EMPTY_EDITOR, save: { id: null, start: 5001, end: 6000 } });
  });

  it('[ ends the section in progress and starts the next one', () => {
    const first = pressStart(EMPTY_EDITOR, existing, 5000);
    const second = pressStart(first.state, existing, 7000);
    expect(second.save).toEqual({ id: null, start: 5001, end: 7000 });
    expect(second.state.draft).toEqual({ start: 7001 });
  });

  it('shows the spec errors and saves nothing; the section in progress stays to be fixed', () => {
    const started = pressStart(EMPTY_EDITOR, existing, 1000);
    const covering = pressEnd(started.state, existing, 5000);
    expect(covering.save).toBeNull();
    expect(covering.state).toEqual({
      selectedId: null,
      draft: { start: 1001 },
      error: SECTION_MESSAGES.coversOther,
    });
    const inverted = pressEnd(pressStart(EMPTY_EDITOR, existing, 9000).state, existing, 8000);
    expect(inverted.state.error).toBe(SECTION_MESSAGES.endBeforeStart);
    expect(pressEnd(covering.state, existing, 1500).save).toEqual({ id: null, start: 1001, end: 1500 });
  });

  it('fixes a partial overlap by moving the boundary 1 ms outside the neighbour', () => {
    const started = pressStart(EMPTY_EDITOR, existing, 3000);
    expect(pressEnd(started.state, existing, 5000).save).toEqual({ id: null, start: 4001, end: 5000 });
  });

  it('edits the selected section and drops the one in progress when another is selected', () => {
    const inProgress = pressStart(EMPTY_EDITOR, existing, 8000).state;
    const editing = select(inProgress, 1);
    expect(editing).toEqual({ selectedId: 1, draft: null, error: null });
    expect(pressStart(editing, existing, 2500).save).toEqual({ id: 1, start: 2501, end: 4000 });
    expect(pressEnd(editing, existing, 4500).save).toEqual({ id: 1, start: 2000, end: 4500 });
    expect(select(editing, 1)).toEqual(EMPTY_EDITOR);
  });

  it('draws a section at least 1 % wide', () => {
    expect(sectionBar({ start: 1000, end: 1001 }, 0, 100_000)).toEqual({ left: 1, width: 1 });
    expect(sectionBar({ start: 25_000, end: 75_000 }, 0, 100_000)).toEqual({ left: 25, width: 50 });
  });
});
