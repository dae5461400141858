import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROWS_PER_FRAME, useRowsDrawn } from './use-rows-drawn';

const List = ({ keys }: { keys: string[] }) => {
  const drawn = useRowsDrawn(keys);
  return (
    <ul>
      {keys.slice(0, drawn).map((key) => (
        <li key={key}>{key}</li>
      ))}
    </ul>
  );
};

const keys = (from: number, count: number) => Array.from({ length: count }, (_, index) => `k${from + index}`);
const drawnRows = () => screen.queryAllByRole('listitem').map((row) => row.textContent);
const nextFrame = () => act(() => vi.advanceTimersByTime(16));

describe('useRowsDrawn', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('draws a long list a few rows a frame, so no single frame draws them all', () => {
    render(<List keys={keys(1, 3 * ROWS_PER_FRAME - 1)} />);
    expect(drawnRows()).toEqual(keys(1, ROWS_PER_FRAME));

    nextFrame();
    expect(drawnRows()).toEqual(keys(1, 2 * ROWS_PER_FRAME));
    nextFrame();
    expect(drawnRows()).toEqual(keys(1, 3 * ROWS_PER_FRAME - 1));
    nextFrame();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps the rows already drawn when more are asked for, and adds the new ones a frame at a time', () => {
    const { rerender } = render(<List keys={keys(1, ROWS_PER_FRAME)} />);
    nextFrame();
    rerender(<List keys={keys(1, 3 * ROWS_PER_FRAME)} />);
    expect(drawnRows()).toEqual(keys(1, 2 * ROWS_PER_FRAME));
  });

  it('draws a changed list from its first changed row, a frame at a time', () => {
    const { rerender } = render(<List keys={keys(1, 2 * ROWS_PER_FRAME)} />);
    nextFrame();
    nextFrame();
    rerender(<List keys={[...keys(1, 2), ...keys(100, 2 * ROWS_PER_FRAME)]} />);
    expect(drawnRows()).toEqual([...keys(1, 2), ...keys(100, ROWS_PER_FRAME)]);

    rerender(<List keys={keys(1, 1)} />);
    expect(drawnRows()).toEqual(['k1']);
  });
});
