import { LANGUAGES } from '@limbus/contract';

/**
 * The language choices of a select of languages: translation_language and a company's insight
 * language hold the English name; each option also shows the native name. A value
 * from before (free text not in the list) stays selectable.
 */
export function languageOptions(current: string): Array<{ value: string; label: string }> {
  const seen = new Set<string>();
  const options: Array<{ value: string; label: string }> = [];
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
