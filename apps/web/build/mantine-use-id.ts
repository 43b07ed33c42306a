import path from 'node:path';
import type { Plugin } from 'vite';

/** How @mantine/hooks' index imports its `useId` (the one module Mantine's components take it from). */
const MANTINE_USE_ID = './use-id/use-id.mjs';

/**
 * Builds the app with src/ui/mantine-use-id.ts in place of @mantine/hooks' `useId`, which renders
 * every component that uses it a second time after it mounts (that file says why). Build only: the
 * dev server and the tests keep Mantine's own.
 */
export function mantineUseId(
  replacement = path.resolve(import.meta.dirname, '../src/ui/mantine-use-id.ts'),
): Plugin {
  return {
    name: 'limbus-mantine-use-id',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      return isMantineUseId(source, importer) ? replacement : null;
    },
  };
}

export function isMantineUseId(source: string, importer: string | undefined): boolean {
  return source === MANTINE_USE_ID && Boolean(importer?.replaceAll('\\', '/').includes('/@mantine/hooks/'));
}
