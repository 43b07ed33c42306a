import type { CSSProperties, ReactNode } from 'react';
import { useId } from 'react';
import classes from './segmented-choice.module.css';

export type SegmentedOption<V extends string> = { value: V; label: ReactNode };

type Naming = { 'aria-label': string } | { 'aria-labelledby': string };

type Props<V extends string> = Naming & {
  data: readonly SegmentedOption<V>[];
  value: V;
  onChange: (value: V) => void;
  size?: 'xs' | 'sm';
  disabled?: boolean;
  fullWidth?: boolean;
  /** The chosen option's background, its text white (default: white with dark text). */
  color?: string;
};

/**
 * One of a few options, side by side: native radio buttons (arrow keys, forms, screen readers)
 * drawn as segments. It replaces Mantine's SegmentedControl, whose sliding indicator measures the
 * page after every render and on any transition: a forced layout of the whole screen on a phone's
 * first load (docs/decisions/performance-and-first-load.md).
 */
export function SegmentedChoice<V extends string>({
  data,
  value,
  onChange,
  size = 'sm',
  disabled = false,
  fullWidth = false,
  color,
  ...naming
}: Props<V>) {
  const name = useId();
  const colours = color
    ? ({ '--segmented-active-bg': color, '--segmented-active-color': 'white' } as CSSProperties)
    : undefined;
  return (
    <div
      role="radiogroup"
      {...naming}
      className={classes.root}
      data-size={size}
      data-full-width={fullWidth || undefined}
      style={colours}
    >
      {data.map((option) => {
        const id = `${name}-${option.value}`;
        return (
          <div key={option.value} className={classes.option}>
            <input
              className={classes.input}
              type="radio"
              id={id}
              name={name}
              value={option.value}
              checked={option.value === value}
              disabled={disabled}
              onChange={() => onChange(option.value)}
            />
            <label className={classes.label} htmlFor={id}>
              {option.label}
            </label>
          </div>
        );
      })}
    </div>
  );
}
