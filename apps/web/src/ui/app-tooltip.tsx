import { TOOLTIP } from '@limbus/contract';
import { Tooltip, type TooltipProps } from '@mantine/core';

/** Tooltip with the product's timing and placement (spec 1 §9). */
export function AppTooltip(props: TooltipProps) {
  return (
    <Tooltip
      offset={TOOLTIP.offset}
      openDelay={TOOLTIP.openDelay}
      closeDelay={TOOLTIP.closeDelay}
      position={TOOLTIP.position}
      withArrow
      {...props}
    />
  );
}
