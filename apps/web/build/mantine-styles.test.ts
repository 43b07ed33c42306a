// @vitest-environment node
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appImportsOfMantine, componentsWithRules, cutStylesheet, importedNames } from './mantine-styles';

const CORE = path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css'));
const FULL = fs.readFileSync(path.join(CORE, 'styles.css'), 'utf8');

describe("Mantine's stylesheet cut to the app's components", () => {
  it('reads the imported names of @mantine/core, aliases and type imports included', () => {
    const source = `import { Box as MantineBox, Button,\n  type MantineTheme } from '@mantine/core';\nimport type { Tooltip } from '@mantine/core';\nimport { Other } from 'elsewhere';`;
    expect(importedNames(source, '@mantine/core')).toEqual(['Box', 'Button']);
  });

  it('finds the rules of the components a component renders (Select → Combobox, Input, Popover)', () => {
    const components = componentsWithRules(CORE, ['Select']);
    for (const name of ['Combobox', 'Input', 'Popover', 'ScrollArea'])
      expect(components.has(name), name).toBe(true);
    expect(components.has('Slider')).toBe(false);
  });

  it("keeps the full file's order and the rules every page needs, and drops unused components", () => {
    const cut = cutStylesheet(CORE, new Set(['Button', 'UnstyledButton']));
    const button = fs.readFileSync(path.join(CORE, 'styles/Button.css'), 'utf8').trim();
    const unstyled = fs.readFileSync(path.join(CORE, 'styles/UnstyledButton.css'), 'utf8').trim();
    const baseline = fs.readFileSync(path.join(CORE, 'styles/baseline.css'), 'utf8').trim();
    expect(cut.startsWith(baseline)).toBe(true);
    expect(cut.indexOf(unstyled)).toBeLessThan(cut.indexOf(button));
    expect(FULL.indexOf(unstyled)).toBeLessThan(FULL.indexOf(button));
    expect(cut).not.toContain(fs.readFileSync(path.join(CORE, 'styles/AngleSlider.css'), 'utf8').trim());
  });

  it("covers every component the app's sources import", () => {
    const names = appImportsOfMantine(path.join(import.meta.dirname, '../src'));
    expect(names.has('AppShell')).toBe(true);
    const components = componentsWithRules(CORE, names);
    for (const name of ['AppShell', 'Button', 'Modal', 'Table', 'Tooltip'])
      expect(components.has(name), name).toBe(true);
    expect(cutStylesheet(CORE, components).length).toBeLessThan(FULL.length);
  });
});
