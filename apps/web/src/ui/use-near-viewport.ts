import { type RefObject, useEffect, useState } from 'react';

/**
 * True once the element comes within `margin` (a CSS rootMargin, e.g. '300px') of the viewport,
 * and from then on: what lies far below the fold (a chart's library, a video) is left for later
 * and, once loaded, kept. Without IntersectionObserver (old browsers, jsdom) it is true at once.
 */
export function useNearViewport(element: RefObject<HTMLElement | null>, margin: string): boolean {
  const [isNear, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (isNear || !element.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element.current);
    return () => observer.disconnect();
  }, [isNear, element, margin]);
  return isNear;
}
