import { Box } from '@mantine/core';

/**
 * The name of an area drawn on a screenshot, inside the box's top-left corner: never wider than
 * its box (a long name ends in '…', the whole name in its title), so that the labels of adjacent
 * boxes do not run into each other and none is clipped at the image's edge (issue 26).
 */
export function BoxLabel({ children }: { children: string }) {
  return (
    <Box
      component="span"
      title={children}
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        maxWidth: '100%',
        padding: '0 4px',
        fontSize: 12,
        lineHeight: '18px',
        background: 'var(--mantine-color-dark-7)',
        color: 'var(--mantine-color-white)',
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
      }}
    >
      {children}
    </Box>
  );
}
