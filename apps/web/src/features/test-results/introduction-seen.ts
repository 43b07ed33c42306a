/** Tests whose introduction a demo user has continued from, for this browser tab (sessionStorage). */
const KEY = 'limbus.introduction-seen';

function seenIds(): string[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

export function hasSeenIntroduction(testId: number): boolean {
  return seenIds().includes(String(testId));
}

export function markIntroductionSeen(testId: number): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify([...new Set([...seenIds(), String(testId)])]));
  } catch {
    // storage unavailable: the demo user simply sees the introduction again
  }
}
