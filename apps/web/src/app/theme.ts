import { TOOLTIP } from '@limbus/contract';
import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Deep indigo-violet: the brand colour (shade 7 is the main one). */
const limbus: MantineColorsTuple = [
  '#f1efff',
  '#e0dcfb',
  '#beb5f3',
  '#9a8bec',
  '#7b67e5',
  '#6750e1',
  '#5c44e0',
  '#4c3bcf',
  '#4232b3',
  '#36299a',
];

/** Emotion colours of the product, used as accents and, later, in every emotion chart. */
export const EMOTION_COLORS = {
  frustration: '#e8457c',
  joy: '#2fb344',
  attention: '#f5b800',
} as const;
export type Emotion = keyof typeof EMOTION_COLORS;

export const theme = createTheme({
  primaryColor: 'limbus',
  primaryShade: { light: 7, dark: 5 },
  colors: { limbus },
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Tooltip: { defaultProps: { ...TOOLTIP, withArrow: true } },
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    TextInput: { defaultProps: { radius: 'md' } },
    PasswordInput: { defaultProps: { radius: 'md' } },
    Select: { defaultProps: { radius: 'md', allowDeselect: false } },
  },
});
