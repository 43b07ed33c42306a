import { placeSection, SECTION_GAP_MS, type SectionSpan } from '@limbus/contract';

/** The pure part of the sections editor (spec 2 §2, §5); the rules themselves are `placeSection`. */

export type EditorSection = SectionSpan & { id: number; labelId: number | null };
/** A section being marked: its start is set, its end not yet. */
export type Draft = { start: number };
/** No section selected: 'Create Mode'; otherwise the selected one is edited. */
export type EditorState = { selectedId: number | null; draft: Draft | null; error: string | null };
/** What to store: a new section (id null) or a change of one, with its placed span. */
export type SectionSave = { id: number | null; start: number; end: number };
export type EditorStep = { state: EditorState; save: SectionSave | null };

export const EMPTY_EDITOR: EditorState = { selectedId: null, draft: null, error: null };

const othersThan = (sections: readonly EditorSection[], id: number | null) =>
  sections.filter((section) => section.id !== id);

/** Places a span by the rules; an error blocks saving and is shown, the state otherwise unchanged. */
function placeOrRefuse(
  state: EditorState,
  span: SectionSpan,
  sections: readonly EditorSection[],
  id: number | null,
  next: EditorState,
): EditorStep {
  const placed = placeSection(span, othersThan(sections, id));
  if (!placed.ok) return { state: { ...state, error: placed.message }, save: null };
  return { state: { ...next, error: null }, save: { id, start: placed.start, end: placed.end } };
}

/**
 * `[` or Start at `nowMs` (epoch ms of the playhead). Create mode: ends the section in progress
 * there and starts a new one 1 ms later. Edit mode: moves the selected section's start there.
 */
export function pressStart(
  state: EditorState,
  sections: readonly EditorSection[],
  nowMs: number,
): EditorStep {
  const start = nowMs + SECTION_GAP_MS;
  const selected = sections.find((section) => section.id === state.selectedId);
  if (selected) return placeOrRefuse(state, { start, end: selected.end }, sections, selected.id, state);
  const fresh: EditorState = { selectedId: null, draft: { start }, error: null };
  if (!state.draft) return { state: fresh, save: null };
  return placeOrRefuse(state, { start: state.draft.start, end: nowMs }, sections, null, fresh);
}

/** `]` or End at `nowMs`: ends the section in progress, or moves the selected section's end. */
export function pressEnd(state: EditorState, sections: readonly EditorSection[], nowMs: number): EditorStep {
  const selected = sections.find((section) => section.id === state.selectedId);
  if (selected)
    return placeOrRefuse(state, { start: selected.start, end: nowMs }, sections, selected.id, state);
  if (!state.draft) return { state, save: null };
  return placeOrRefuse(state, { start: state.draft.start, end: nowMs }, sections, null, EMPTY_EDITOR);
}

/** Selecting a section drops the one in progress (spec 2 §2); selecting it again goes back to Create Mode. */
export function select(state: EditorState, id: number | null): EditorState {
  return { selectedId: state.selectedId === id ? null : id, draft: null, error: null };
}

/** Where a section sits on the recording's bar, in percent; at least 1 % wide so that it can be seen and clicked. */
export const MIN_SECTION_WIDTH_PERCENT = 1;
export function sectionBar(span: SectionSpan, startMs: number, durationMs: number) {
  if (!(durationMs > 0)) return { left: 0, width: MIN_SECTION_WIDTH_PERCENT };
  const clamp = (value: number) => Math.min(100, Math.max(0, value));
  const left = clamp(((span.start - startMs) / durationMs) * 100);
  const right = clamp(((span.end - startMs) / durationMs) * 100);
  return {
    left: Math.min(left, 100 - MIN_SECTION_WIDTH_PERCENT),
    width: Math.max(MIN_SECTION_WIDTH_PERCENT, right - left),
  };
}
