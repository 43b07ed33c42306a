// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isMantineUseId } from './mantine-use-id';

describe("Mantine's useId replaced in the build", () => {
  it("takes the place of @mantine/hooks' own module, imported from the hooks' index", () => {
    expect(isMantineUseId('./use-id/use-id.mjs', '/app/node_modules/@mantine/hooks/esm/index.mjs')).toBe(
      true,
    );
    expect(
      isMantineUseId('./use-id/use-id.mjs', 'C:\\app\\node_modules\\@mantine\\hooks\\esm\\index.mjs'),
    ).toBe(true);
  });

  it('leaves every other import alone', () => {
    expect(isMantineUseId('./use-id/use-id.mjs', '/app/src/features/x.ts')).toBe(false);
    expect(isMantineUseId('./use-id/use-id.mjs', undefined)).toBe(false);
    expect(
      isMantineUseId(
        './use-uncontrolled/use-uncontrolled.mjs',
        '/app/node_modules/@mantine/hooks/esm/index.mjs',
      ),
    ).toBe(false);
  });
});
