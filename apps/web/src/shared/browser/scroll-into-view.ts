/** Whether the visitor's system asks for less motion (then scrolling jumps instead of gliding). */
export const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * Scrolls the page the least it takes to show the element whole, stopping at its scroll margins
 * (e.g. `scroll-mt-below-header`, clear of the sticky header). jsdom has neither scrollIntoView
 * nor matchMedia, hence the optional calls.
 */
export const scrollIntoViewGently = (element: Element) =>
  element.scrollIntoView?.({ block: 'nearest', behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
