import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SITE_HEADER_HEIGHT_VARIABLE, useSiteHeaderHeight } from './use-site-header-height';

/** A ResizeObserver the test drives: `resize()` reports a change of the observed element. */
const stubResizeObserver = () => {
  const observers: { callback: () => void; target: Element | null; disconnected: boolean }[] = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      private readonly entry;
      constructor(callback: () => void) {
        this.entry = { callback, target: null as Element | null, disconnected: false };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.target = target;
      }
      disconnect() {
        this.entry.disconnected = true;
      }
    },
  );
  return { observers, resize: () => observers.forEach((observer) => observer.callback()) };
};

const headerOfHeight = (height: number) => {
  const header = document.createElement('header');
  header.getBoundingClientRect = () => ({ height }) as DOMRect;
  return header;
};

const publishedHeight = () => document.documentElement.style.getPropertyValue(SITE_HEADER_HEIGHT_VARIABLE);

describe('useSiteHeaderHeight', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the header height for scroll margins up to date, so what scrolls into view stops below the header', () => {
    const { observers, resize } = stubResizeObserver();
    const header = headerOfHeight(114);
    const { unmount } = renderHook(() => useSiteHeaderHeight({ current: header }));
    expect(observers[0]?.target).toBe(header);

    resize();
    expect(publishedHeight(), 'scrolled-to content would land under the header').toBe('114px');
    // The phone menu opened: the header grew.
    header.getBoundingClientRect = () => ({ height: 420 }) as DOMRect;
    resize();
    expect(publishedHeight(), 'the open phone menu would cover scrolled-to content').toBe('420px');

    unmount();
    expect(observers[0]?.disconnected).toBe(true);
    expect(publishedHeight()).toBe('');
  });
});
