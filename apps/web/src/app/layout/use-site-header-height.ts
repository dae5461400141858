import { useEffect, type RefObject } from 'react';

/** How tall the sticky header is, as a CSS variable (read by index.css's scroll-mt-below-header). */
export const SITE_HEADER_HEIGHT_VARIABLE = '--site-header-height';

/**
 * Keeps SITE_HEADER_HEIGHT_VARIABLE on the page's root at the header's height, which changes with
 * the screen's width and when the phone menu opens.
 */
export const useSiteHeaderHeight = (headerRef: RefObject<HTMLElement | null>) => {
  useEffect(() => {
    const header = headerRef.current;
    if (!header) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty(SITE_HEADER_HEIGHT_VARIABLE, `${header.getBoundingClientRect().height}px`),
    );
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty(SITE_HEADER_HEIGHT_VARIABLE);
    };
  }, [headerRef]);
};
