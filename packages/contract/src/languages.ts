/**
 * Languages for a test's translation_language (spec 1 §3: about 180, each with an English and a
 * native name): ISO 639-1, names from the Unicode CLDR. Sorted by English name.
 */
export const LANGUAGES: ReadonlyArray<{ code: string; name: string; nativeName: string }> = [
  { code: 'ab', name: 'Abkhazian', nativeName: 'Abkhazian' },
  { code: 'aa', name: 'Afar', nativeName: 'Afar' },
  { code: 'af', name: 'Afrikaans', nativeName: 'Afrikaans' },
  { code: 'ak', name: 'Akan', nativeName: 'Akan' },
  { code: 'tw', name: 'Akan', nativeName: 'Akan' },
  { code: 'sq', name: 'Albanian', nativeName: 'shqip' },
  { code: 'am', name: 'Amharic', nativeName: 'አማርኛ' },
  { code: 'ar', name: 'Arabic', nativeName: 'العربية' },
  { code: 'an', name: 'Aragonese', nativeName: 'Aragonese' },
  { code: 'hy', name: 'Armenian', nativeName: 'հայերեն' },
  { code: 'as', name: 'Assamese', nativeName: 'অসমীয়া' },
  { code: 'av', name: 'Avaric', nativeName: 'Avaric' },
  { code: 'ay', name: 'Aymara', nativeName: 'Aymara' },
  { code: 'az', name: 'Azerbaijani', nativeName: 'azərbaycan' },
  { code: 'bm', name: 'Bambara', nativeName: 'bamanakan' },
  { code: 'bn', name: 'Bangla', nativeName: 'বাংলা' },
  { code: 'ba', name: 'Bashkir', nativeName: 'башҡорт' },
  { code: 'eu', name: 'Basque', nativeName: 'euskara' },
  { code: 'be', name: 'Belarusian', nativeName: 'беларуская' },
  { code: 'bi', name: 'Bislama', nativeName: 'Bislama' },
  { code: 'bs', name: 'Bosnian', nativeName: 'bosanski' },
  { code: 'br', name: 'Breton', nativeName: 'brezhoneg' },
  { code: 'bg', name: 'Bulgarian', nativeName: 'български' },
  { code: 'my', name: 'Burmese', nativeName: 'မြန်မာ' },
  { code: 'ca', name: 'Catalan', nativeName: 'català' },
  { code: 'ch', name: 'Chamorro', nativeName: 'Chamorro' },
  { code: 'ce', name: 'Chechen', nativeName: 'нохчийн' },
  { code: 'zh', name: 'Chinese', nativeName: '中文' },
  { code: 'cu', name: 'Church Slavic', nativeName: 'Church Slavic' },
  { code: 'cv', name: 'Chuvash', nativeName: 'чӑваш чӗлхи' },
  { code: 'kw', name: 'Cornish', nativeName: 'kernewek' },
  { code: 'co', name: 'Corsican', nativeName: 'Corsican' },
  { code: 'cr', name: 'Cree', nativeName: 'Cree' },
  { code: 'hr', name: 'Croatian', nativeName: 'hrvatski' },
  { code: 'cs', name: 'Czech', nativeName: 'čeština' },
  { code: 'da', name: 'Danish', nativeName: 'dansk' },
  { code: 'dv', name: 'Divehi', nativeName: 'Divehi' },
  { code: 'nl', name: 'Dutch', nativeName: 'Nederlands' },
  { code: 'dz', name: 'Dzongkha', nativeName: 'རྫོང་ཁ' },
  { code: 'en', name: 'English', nativeName: 'English' },
  { code: 'eo', name: 'Esperanto', nativeName: 'Esperanto' },
  { code: 'et', name: 'Estonian', nativeName: 'eesti' },
  { code: 'ee', name: 'Ewe', nativeName: 'eʋegbe' },
  { code: 'fo', name: 'Faroese', nativeName: 'føroyskt' },
  { code: 'fj', name: 'Fijian', nativeName: 'Fijian' },
  { code: 'tl', name: 'Filipino', nativeName: 'Filipino' },
  { code: 'fi', name: 'Finnish', nativeName: 'suomi' },
  { code: 'fr', name: 'French', nativeName: 'français' },
  { code: 'ff', name: 'Fula', nativeName: 'Pulaar' },
  { code: 'gl', name: 'Galician', nativeName: 'galego' },
  { code: 'lg', name: 'Ganda', nativeName: 'Luganda' },
  { code: 'ka', name: 'Georgian', nativeName: 'ქართული' },
  { code: 'de', name: 'German', nativeName: 'Deutsch' },
  { code: 'el', name: 'Greek', nativeName: 'Ελληνικά' },
  { code: 'gn', name: 'Guarani', nativeName: 'Guarani' },
  { code: 'gu', name: 'Gujarati', nativeName: 'ગુજરાતી' },
  { code: 'ht', name: 'Haitian Creole', nativeName: 'Haitian Creole' },
  { code: 'ha', name: 'Hausa', nativeName: 'Hausa' },
  { code: 'he', name: 'Hebrew', nativeName: 'עברית' },
  { code: 'hz', name: 'Herero', nativeName: 'Herero' },
  { code: 'hi', name: 'Hindi', nativeName: 'हिन्दी' },
  { code: 'ho', name: 'Hiri Motu', nativeName: 'Hiri Motu' },
  { code: 'hu', name: 'Hungarian', nativeName: 'magyar' },
  { code: 'is', name: 'Icelandic', nativeName: 'íslenska' },
  { code: 'io', name: 'Ido', nativeName: 'Ido' },
  { code: 'ig', name: 'Igbo', nativeName: 'Igbo' },
  { code: 'id', name: 'Indonesian', nativeName: 'Indonesia' },
  { code: 'ia', name: 'Interlingua', nativeName: 'interlingua' },
  { code: 'ie', name: 'Interlingue', nativeName: 'Interlingue' },
  { code: 'iu', name: 'Inuktitut', nativeName: 'Inuktitut' },
  { code: 'ik', name: 'Inupiaq', nativeName: 'Inupiaq' },
  { code: 'ga', name: 'Irish', nativeName: 'Gaeilge' },
  { code: 'it', name: 'Italian', nativeName: 'italiano' },
  { code: 'ja', name: 'Japanese', nativeName: '日本語' },
  { code: 'jv', name: 'Javanese', nativeName: 'Jawa' },
  { code: 'kl', name: 'Kalaallisut', nativeName: 'kalaallisut' },
  { code: 'kn', name: 'Kannada', nativeName: 'ಕನ್ನಡ' },
  { code: 'kr', name: 'Kanuri', nativeName: 'Kanuri' },
  { code: 'ks', name: 'Kashmiri', nativeName: 'کٲشُر' },
  { code: 'kk', name: 'Kazakh', nativeName: 'қазақ тілі' },
  { code: 'km', name: 'Khmer', nativeName: 'ខ្មែរ' },
  { code: 'ki', name: 'Kikuyu', nativeName: 'Gikuyu' },
  { code: 'rw', name: 'Kinyarwanda', nativeName: 'Ikinyarwanda' },
  { code: 'kv', name: 'Komi', nativeName: 'Komi' },
  { code: 'kg', name: 'Kongo', nativeName: 'Kongo' },
  { code: 'ko', name: 'Korean', nativeName: '한국어' },
  { code: 'kj', name: 'Kuanyama', nativeName: 'Kuanyama' },
  { code: 'ku', name: 'Kurdish', nativeName: 'kurdî (kurmancî)' },
  { code: 'ky', name: 'Kyrgyz', nativeName: 'кыргызча' },
  { code: 'lo', name: 'Lao', nativeName: 'ລາວ' },
  { code: 'la', name: 'Latin', nativeName: 'Latin' },
  { code: 'lv', name: 'Latvian', nativeName: 'latviešu' },
  { code: 'li', name: 'Limburgish', nativeName: 'Limburgish' },
  { code: 'ln', name: 'Lingala', nativeName: 'lingála' },
  { code: 'lt', name: 'Lithuanian', nativeName: 'lietuvių' },
  { code: 'lu', name: 'Luba-Katanga', nativeName: 'Tshiluba' },
  { code: 'lb', name: 'Luxembourgish', nativeName: 'Lëtzebuergesch' },
  { code: 'mk', name: 'Macedonian', nativeName: 'македонски' },
  { code: 'mg', name: 'Malagasy', nativeName: 'Malagasy' },
  { code: 'ms', name: 'Malay', nativeName: 'Melayu' },
  { code: 'ml', name: 'Malayalam', nativeName: 'മലയാളം' },
  { code: 'mt', name: 'Maltese', nativeName: 'Malti' },
  { code: 'gv', name: 'Manx', nativeName: 'Gaelg' },
  { code: 'mi', name: 'Māori', nativeName: 'Māori' },
  { code: 'mr', name: 'Marathi', nativeName: 'मराठी' },
  { code: 'mh', name: 'Marshallese', nativeName: 'Marshallese' },
  { code: 'mn', name: 'Mongolian', nativeName: 'монгол' },
  { code: 'na', name: 'Nauru', nativeName: 'Nauru' },
  { code: 'nv', name: 'Navajo', nativeName: 'Navajo' },
  { code: 'ng', name: 'Ndonga', nativeName: 'Ndonga' },
  { code: 'ne', name: 'Nepali', nativeName: 'नेपाली' },
  { code: 'nd', name: 'North Ndebele', nativeName: 'isiNdebele' },
  { code: 'se', name: 'Northern Sami', nativeName: 'davvisámegiella' },
  { code: 'no', name: 'Norwegian', nativeName: 'norsk' },
  { code: 'nb', name: 'Norwegian Bokmål', nativeName: 'norsk bokmål' },
  { code: 'nn', name: 'Norwegian Nynorsk', nativeName: 'norsk nynorsk' },
  { code: 'ny', name: 'Nyanja', nativeName: 'Nyanja' },
  { code: 'oc', name: 'Occitan', nativeName: 'occitan' },
  { code: 'or', name: 'Odia', nativeName: 'ଓଡ଼ିଆ' },
  { code: 'oj', name: 'Ojibwa', nativeName: 'Ojibwa' },
  { code: 'om', name: 'Oromo', nativeName: 'Oromoo' },
  { code: 'os', name: 'Ossetic', nativeName: 'ирон' },
  { code: 'pi', name: 'Pali', nativeName: 'Pali' },
  { code: 'ps', name: 'Pashto', nativeName: 'پښتو' },
  { code: 'fa', name: 'Persian', nativeName: 'فارسی' },
  { code: 'pl', name: 'Polish', nativeName: 'polski' },
  { code: 'pt', name: 'Portuguese', nativeName: 'português' },
  { code: 'pa', name: 'Punjabi', nativeName: 'ਪੰਜਾਬੀ' },
  { code: 'qu', name: 'Quechua', nativeName: 'Runasimi' },
  { code: 'ro', name: 'Romanian', nativeName: 'română' },
  { code: 'rm', name: 'Romansh', nativeName: 'rumantsch' },
  { code: 'rn', name: 'Rundi', nativeName: 'Ikirundi' },
  { code: 'ru', name: 'Russian', nativeName: 'русский' },
  { code: 'sm', name: 'Samoan', nativeName: 'Samoan' },
  { code: 'sg', name: 'Sango', nativeName: 'Sängö' },
  { code: 'sa', name: 'Sanskrit', nativeName: 'संस्कृत भाषा' },
  { code: 'sc', name: 'Sardinian', nativeName: 'sardu' },
  { code: 'gd', name: 'Scottish Gaelic', nativeName: 'Gàidhlig' },
  { code: 'sr', name: 'Serbian', nativeName: 'српски' },
  { code: 'sn', name: 'Shona', nativeName: 'chiShona' },
  { code: 'ii', name: 'Sichuan Yi', nativeName: 'ꆈꌠꉙ' },
  { code: 'sd', name: 'Sindhi', nativeName: 'سنڌي' },
  { code: 'si', name: 'Sinhala', nativeName: 'සිංහල' },
  { code: 'sk', name: 'Slovak', nativeName: 'slovenčina' },
  { code: 'sl', name: 'Slovenian', nativeName: 'slovenščina' },
  { code: 'so', name: 'Somali', nativeName: 'Soomaali' },
  { code: 'nr', name: 'South Ndebele', nativeName: 'South Ndebele' },
  { code: 'st', name: 'Southern Sotho', nativeName: 'Sesotho' },
  { code: 'es', name: 'Spanish', nativeName: 'español' },
  { code: 'su', name: 'Sundanese', nativeName: 'Basa Sunda' },
  { code: 'sw', name: 'Swahili', nativeName: 'Kiswahili' },
  { code: 'ss', name: 'Swati', nativeName: 'Swati' },
  { code: 'sv', name: 'Swedish', nativeName: 'svenska' },
  { code: 'ty', name: 'Tahitian', nativeName: 'Tahitian' },
  { code: 'tg', name: 'Tajik', nativeName: 'тоҷикӣ' },
  { code: 'ta', name: 'Tamil', nativeName: 'தமிழ்' },
  { code: 'tt', name: 'Tatar', nativeName: 'татар' },
  { code: 'te', name: 'Telugu', nativeName: 'తెలుగు' },
  { code: 'th', name: 'Thai', nativeName: 'ไทย' },
  { code: 'bo', name: 'Tibetan', nativeName: 'བོད་སྐད་' },
  { code: 'ti', name: 'Tigrinya', nativeName: 'ትግርኛ' },
  { code: 'to', name: 'Tongan', nativeName: 'lea fakatonga' },
  { code: 'ts', name: 'Tsonga', nativeName: 'Tsonga' },
  { code: 'tn', name: 'Tswana', nativeName: 'Setswana' },
  { code: 'tr', name: 'Turkish', nativeName: 'Türkçe' },
  { code: 'tk', name: 'Turkmen', nativeName: 'türkmen dili' },
  { code: 'uk', name: 'Ukrainian', nativeName: 'українська' },
  { code: 'ur', name: 'Urdu', nativeName: 'اردو' },
  { code: 'ug', name: 'Uyghur', nativeName: 'ئۇيغۇرچە' },
  { code: 'uz', name: 'Uzbek', nativeName: 'o‘zbek' },
  { code: 've', name: 'Venda', nativeName: 'Venda' },
  { code: 'vi', name: 'Vietnamese', nativeName: 'Tiếng Việt' },
  { code: 'vo', name: 'Volapük', nativeName: 'Volapük' },
  { code: 'wa', name: 'Walloon', nativeName: 'Walloon' },
  { code: 'cy', name: 'Welsh', nativeName: 'Cymraeg' },
  { code: 'fy', name: 'Western Frisian', nativeName: 'Frysk' },
  { code: 'wo', name: 'Wolof', nativeName: 'Wolof' },
  { code: 'xh', name: 'Xhosa', nativeName: 'IsiXhosa' },
  { code: 'yi', name: 'Yiddish', nativeName: 'ייִדיש' },
  { code: 'yo', name: 'Yoruba', nativeName: 'Èdè Yorùbá' },
  { code: 'za', name: 'Zhuang', nativeName: 'Vahcuengh' },
  { code: 'zu', name: 'Zulu', nativeName: 'isiZulu' },
];

/** ISO 639-1 codes of LANGUAGES: what a reader's language may be. */
export const LANGUAGE_CODES: readonly string[] = LANGUAGES.map((language) => language.code);

const byCode = new Map(LANGUAGES.map((language) => [language.code, language]));

/** A language by ISO 639-1 code, or by the first subtag of a browser's tag ('en-GB'); undefined when unknown. */
export function languageOfCode(code: string) {
  return byCode.get(code.trim().toLowerCase().split(/[-_]/)[0] ?? '');
}

/** A language by its English name ('Dutch'), as a test's translation and translation_language hold it. */
export function languageOfName(name: string) {
  const wanted = name.trim().toLowerCase();
  return wanted ? LANGUAGES.find((language) => language.name.toLowerCase() === wanted) : undefined;
}

/** What a reader reads participants' words in when neither they nor their browser says. */
export const DEFAULT_READER_LANGUAGE = 'en';

/**
 * The language a user reads participants' comments and open answers in (issue 26): the one they
 * chose on their account, else the first of the browser's languages that is known, else English.
 */
export function readerLanguage(chosen: string, browserLanguages: readonly string[]): string {
  const candidates = [chosen, ...browserLanguages];
  for (const candidate of candidates) {
    const language = candidate ? languageOfCode(candidate) : undefined;
    if (language) return language.code;
  }
  return DEFAULT_READER_LANGUAGE;
}

/** Which version of participants' words a screen shows: as written, or the test's translation. */
export type CommentVersion = 'original' | 'translation';

/**
 * How a screen offers participants' words to a reader (issue 26): the toggle's two labels, and the
 * version it starts on. `originalLanguage` is the language the test runs in (its `translation`),
 * `translationLanguage` the one its comments are translated into (translationTarget), null when
 * translation is off. The toggle is offered only when a translation exists; then it starts on the
 * translation unless the original is in the reader's language and the translation is not.
 */
export function commentReading(options: {
  reader: string;
  originalLanguage: string;
  translationLanguage: string | null;
  hasTranslation: boolean;
}): { offered: boolean; initial: CommentVersion; originalLabel: string; translationLabel: string } {
  const original = languageOfName(options.originalLanguage);
  const translationName = options.translationLanguage?.trim() ?? '';
  const translation = languageOfName(translationName);
  const offered = options.hasTranslation && translationName !== '';
  const readsOriginal = original?.code === options.reader && translation?.code !== options.reader;
  return {
    offered,
    initial: offered && !readsOriginal ? 'translation' : 'original',
    originalLabel: original ? `Original (${original.name})` : 'Original',
    translationLabel: translation?.name ?? (translationName || 'Translation'),
  };
}

/** Participants' words in the version asked for: the translation when there is one, else as written. */
export function commentIn(words: { text: string; translation: string }, version: CommentVersion): string {
  const translation = words.translation.trim();
  return version === 'translation' && translation !== '' ? translation : words.text;
}

/** Whether a translation says something the original does not (one equal to it is no translation). */
export const isTranslated = (words: { text: string; translation: string }) =>
  words.translation.trim() !== '' && words.translation.trim() !== words.text.trim();
