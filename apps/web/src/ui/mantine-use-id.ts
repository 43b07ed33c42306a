import { useId as useReactId } from 'react';

/**
 * Mantine's `useId` as the built app uses it (build/mantine-use-id.ts puts it in place of
 * @mantine/hooks' own): React's id, which is unique and stable in the tree. Mantine's version
 * starts from the same id and then sets a random one in a layout effect, so that every input,
 * popover and tab list rendered each mounted component twice, the second time in one synchronous
 * render after the commit (38 ms of a results screen's load on a desktop CPU, four times that on
 * Lighthouse's phone).
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
