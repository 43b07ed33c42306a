import { TOOLTIP } from '@limbus/contract';
import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  luminance,
  type MantineColorsTuple,
} from '@mantine/core';

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
    // Mantine keeps every closed dropdown in the page (hidden), and floating-ui placed each one as
    // the screen mounted and on every layout: 40 ms of the recording screen's load on a desktop CPU.
    Combobox: { defaultProps: { keepMounted: false } },
    // A notification's close button is an icon: without a name a screen reader reads 'button'.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
  },
});

/** WCAG AA contrast for normal text. */
const MIN_TEXT_CONTRAST = 4.5;
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/**
 * The text colour of the light variant (badges, light buttons): Mantine writes shade 9 on shade 1,
 * which for the light palettes (teal, green, lime, yellow, orange) is below 4.5:1; darken it until
 * it reads.
 */
function readableLightColor(shades: readonly string[]): string {
  const [background, text] = [shades[1] ?? '#fff', shades[9] ?? '#000'];
  let color = text;
  for (let amount = 0.05; contrast(color, background) < MIN_TEXT_CONTRAST && amount <= 0.5; amount += 0.05) {
    color = darken(text, amount);
  }
  return color;
}

/**
 * Light-scheme colours that meet WCAG AA: dimmed text (gray 6 is 3.3:1 on white), field errors (red 6
 * is 3.3:1) and light variants.
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      Object.entries(current.colors).map(([name, shades]) => [
        `--mantine-color-${name}-light-color`,
        readableLightColor(shades),
      ]),
    ),
  },
  dark: {},
});
