import { LANGUAGES, type User } from '@limbus/contract';
import { displayName } from '../auth/permissions';

export type Option = { value: string; label: string };

export const userOption = (user: User): Option => ({ value: String(user.id), label: displayName(user) });

/**
 * translation_language holds the English name; each option also shows the native name. A value
 * from before (free text not in the list) stays selectable.
 */
export function languageOptions(current: string): Option[] {
  const seen = new Set<string>();
  const options: Option[] = [];
  for (const language of LANGUAGES) {
    if (seen.has(language.name)) continue;
    seen.add(language.name);
    const label =
      language.nativeName === language.name ? language.name : `${language.name} (${language.nativeName})`;
    options.push({ value: language.name, label });
  }
  if (current && !seen.has(current)) options.unshift({ value: current, label: current });
  return options;
}

/** Select values are strings; ids travel as numbers, an empty choice as null. */
export const toIdOrNull = (value: string | null) => (value ? Number(value) : null);
export const fromId = (id: number | null) => (id === null ? null : String(id));
