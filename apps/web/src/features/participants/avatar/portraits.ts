/**
 * The spec's avatar sets (spec 3 §7): 12 female and 12 male portraits, drawn by the product from
 * these parameters (portrait.tsx) rather than copied images.
 */
export type HairStyle =
  | 'long'
  | 'bob'
  | 'bun'
  | 'ponytail'
  | 'curls'
  | 'waves'
  | 'crop'
  | 'side-part'
  | 'buzz'
  | 'quiff'
  | 'bald'
  | 'short-curls';

export type Portrait = {
  hair: HairStyle;
  hairColour: string;
  skin: string;
  shirt: string;
  background: string;
  beard?: boolean;
  glasses?: boolean;
  earrings?: boolean;
};

const SKIN = ['#f6d5bd', '#eac09a', '#d9a27a', '#b97a56', '#8d5a3b', '#65412b'] as const;
const HAIR = {
  black: '#1f1a17',
  darkBrown: '#3e2718',
  brown: '#6b4226',
  auburn: '#8e3b1f',
  blond: '#d4a94f',
  grey: '#9a9a9a',
} as const;
const BACKGROUND = ['#dbeafe', '#fce7f3', '#dcfce7', '#fef3c7', '#ede9fe', '#cffafe'] as const;
const SHIRT = ['#2563eb', '#db2777', '#059669', '#d97706', '#7c3aed', '#0891b2', '#475569'] as const;

const pick = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;

type Face = Omit<Portrait, 'shirt' | 'background'>;

const FEMALE_FACES: Face[] = [
  { hair: 'long', hairColour: HAIR.brown, skin: pick(SKIN, 0), earrings: true },
  { hair: 'bob', hairColour: HAIR.black, skin: pick(SKIN, 4) },
  { hair: 'bun', hairColour: HAIR.auburn, skin: pick(SKIN, 1), glasses: true },
  { hair: 'ponytail', hairColour: HAIR.blond, skin: pick(SKIN, 0) },
  { hair: 'curls', hairColour: HAIR.black, skin: pick(SKIN, 5), earrings: true },
  { hair: 'waves', hairColour: HAIR.darkBrown, skin: pick(SKIN, 2) },
  { hair: 'bob', hairColour: HAIR.grey, skin: pick(SKIN, 1), glasses: true },
  { hair: 'long', hairColour: HAIR.blond, skin: pick(SKIN, 2) },
  { hair: 'bun', hairColour: HAIR.black, skin: pick(SKIN, 3), earrings: true },
  { hair: 'waves', hairColour: HAIR.auburn, skin: pick(SKIN, 0), glasses: true },
  { hair: 'ponytail', hairColour: HAIR.darkBrown, skin: pick(SKIN, 4) },
  { hair: 'curls', hairColour: HAIR.brown, skin: pick(SKIN, 3) },
];

export const FEMALE_PORTRAITS: readonly Portrait[] = FEMALE_FACES.map((face, index) => ({
  ...face,
  shirt: pick(SHIRT, index),
  background: pick(BACKGROUND, index + 1),
}));

const MALE_FACES: Face[] = [
  { hair: 'crop', hairColour: HAIR.darkBrown, skin: pick(SKIN, 1) },
  { hair: 'side-part', hairColour: HAIR.blond, skin: pick(SKIN, 0), glasses: true },
  { hair: 'buzz', hairColour: HAIR.black, skin: pick(SKIN, 5), beard: true },
  { hair: 'quiff', hairColour: HAIR.brown, skin: pick(SKIN, 2) },
  { hair: 'bald', hairColour: HAIR.grey, skin: pick(SKIN, 3), beard: true },
  { hair: 'short-curls', hairColour: HAIR.black, skin: pick(SKIN, 4) },
  { hair: 'side-part', hairColour: HAIR.grey, skin: pick(SKIN, 1), glasses: true, beard: true },
  { hair: 'crop', hairColour: HAIR.auburn, skin: pick(SKIN, 0) },
  { hair: 'quiff', hairColour: HAIR.black, skin: pick(SKIN, 3), beard: true },
  { hair: 'buzz', hairColour: HAIR.brown, skin: pick(SKIN, 2), glasses: true },
  { hair: 'short-curls', hairColour: HAIR.darkBrown, skin: pick(SKIN, 5), beard: true },
  { hair: 'bald', hairColour: HAIR.darkBrown, skin: pick(SKIN, 1), glasses: true },
];

export const MALE_PORTRAITS: readonly Portrait[] = MALE_FACES.map((face, index) => ({
  ...face,
  shirt: pick(SHIRT, index + 3),
  background: pick(BACKGROUND, index),
}));
