/**
 * The replay at a significant point (spec 3 §2): `timestamp` in seconds into the recording seeks
 * there, `sp_id` marks the point among the neurofeedback cards. Without the participant's start
 * the address names the point alone, and the screen finds its time.
 */
export function pointRecordingHref(
  testId: number,
  point: { id: number; participant_id: number; timestamp_top: number },
  startedAtSeconds: number | null | undefined,
): string {
  const base = `/test/${testId}/participant/${point.participant_id}/recording`;
  if (startedAtSeconds === null || startedAtSeconds === undefined) return `${base}?sp_id=${point.id}`;
  const seconds = Math.max(0, (point.timestamp_top - startedAtSeconds * 1000) / 1000);
  return `${base}?timestamp=${seconds.toFixed(3)}&sp_id=${point.id}`;
}
