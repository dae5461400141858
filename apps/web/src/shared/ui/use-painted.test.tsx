import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePainted } from './use-painted';

const Page = () => <p>{usePainted() ? 'map loading' : 'text only'}</p>;

describe('usePainted', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('holds the heavy parts back until the page has had two frames and time to reach the screen', () => {
    render(<Page />);
    expect(screen.getByText('text only')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(2 * 16));
    expect(screen.getByText('text only')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByText('map loading')).toBeInTheDocument();
  });

  it('starts nothing for a page left before it was shown, nor for one left while waiting for the screen', () => {
    render(<Page />).unmount();
    expect(vi.getTimerCount()).toBe(0);

    const { unmount } = render(<Page />);
    act(() => vi.advanceTimersByTime(2 * 16));
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
