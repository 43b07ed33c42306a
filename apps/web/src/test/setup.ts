import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy and waitFor wait this long before they fail. Testing Library's 1 s was too short on CI's
// 2-core machine, where the web tests run beside the browser journeys: a screen that renders in
// 50 ms alone took over a second there (the insight editor's 'Summary' field, 2026-11-28).
configure({ asyncUtilTimeout: 10_000 });

// Files that run in Node (`@vitest-environment node`, e.g. the PDF) have no window to fake.
if (typeof window !== 'undefined') {
  // Mantine reads these browser APIs, which jsdom does not implement.
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }),
    });
  }

  /** As the browser's, it reports an element's first size soon after observing it (jsdom's are 0). */
  class ResizeObserverStub {
    private observed = new Set<Element>();
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      this.observed.add(target);
      queueMicrotask(() => {
        if (!this.observed.has(target)) return;
        const contentRect = { width: target.clientWidth, height: target.clientHeight } as DOMRectReadOnly;
        this.callback([{ target, contentRect } as ResizeObserverEntry], this);
      });
    }
    unobserve(target: Element) {
      this.observed.delete(target);
    }
    disconnect() {
      this.observed.clear();
    }
  }
  if (!('ResizeObserver' in window)) {
    Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
  }
  // Mantine's autosize Textarea listens for web fonts loading
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
    });
  }
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
  Object.defineProperty(window, 'scrollTo', { writable: true, value: () => {} });
  const { getComputedStyle } = window;
  window.getComputedStyle = (element: Element, pseudo?: string | null) => getComputedStyle(element, pseudo);

  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });
}
