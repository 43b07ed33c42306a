import { useId as mantineUseId } from '@mantine/hooks';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useId } from './mantine-use-id';

type FieldProps = { hook: (staticId?: string) => string; staticId?: string; onRender: () => void };

function Field({ hook, staticId, onRender }: FieldProps) {
  onRender();
  return <input aria-label="field" id={hook(staticId)} />;
}

function renderTwoFields(hook: FieldProps['hook'], staticId?: string) {
  let renders = 0;
  const onRender = () => {
    renders += 1;
  };
  render(
    <>
      <Field hook={hook} staticId={staticId} onRender={onRender} />
      <Field hook={hook} staticId={staticId} onRender={onRender} />
    </>,
  );
  const ids = screen.getAllByRole('textbox').map((input) => input.id);
  return { renders, ids };
}

describe('useId in place of Mantine’s', () => {
  it('gives each component its own id in one render, where Mantine’s renders each twice', () => {
    const ours = renderTwoFields(useId);
    expect(ours.renders).toBe(2);
    expect(new Set(ours.ids).size).toBe(2);
    for (const id of ours.ids) expect(id).toMatch(/^mantine-\S+$/);
    expect(renderTwoFields(mantineUseId).renders).toBe(4);
  });

  it('keeps an id given to the component', () => {
    expect(renderTwoFields(useId, 'email').ids).toEqual(['email', 'email']);
  });
});
