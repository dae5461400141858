import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTypedFilter } from './use-typed-filter';

const DELAY = 400;

/** The hook under an address whose value the test changes, as the router would. */
const renderFilter = (initialValue = '') => {
  const onSettled = vi.fn();
  const view = renderHook(({ value }) => useTypedFilter(value, onSettled, DELAY), {
    initialProps: { value: initialValue },
  });
  const type = (text: string) => act(() => view.result.current.changeText(text));
  const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
  const addressSays = (value: string) => view.rerender({ value });
  return { ...view, onSettled, type, wait, addressSays };
};

describe('a typed filter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the trimmed text once typing pauses, not per key', () => {
    const { result, onSettled, type, wait } = renderFilter();
    type('K');
    wait(DELAY - 1);
    type('Ku');
    wait(DELAY - 1);
    type('Kulla ');
    expect(onSettled).not.toHaveBeenCalled();
    wait(DELAY);
    expect(onSettled).toHaveBeenCalledExactlyOnceWith('Kulla');
    expect(result.current.text).toBe('Kulla ');
  });

  it('sends nothing when the text comes back to what the address already says', () => {
    const { onSettled, type, wait } = renderFilter('Kulla');
    type('Kull');
    type('Kulla ');
    wait(DELAY);
    expect(onSettled).not.toHaveBeenCalled();
  });

  it('keeps typing that goes on while the address catches up with what was sent', () => {
    const { result, onSettled, type, wait, addressSays } = renderFilter();
    type('Kul');
    wait(DELAY);
    type('Kulla');
    addressSays('Kul');
    expect(result.current.text).toBe('Kulla');
    wait(DELAY);
    expect(onSettled).toHaveBeenLastCalledWith('Kulla');
  });

  it('shows what the address says when it changes elsewhere, dropping typing not yet sent', () => {
    const { result, onSettled, type, wait, addressSays } = renderFilter('Kulla');
    type('Kulla e Jasharë');
    // Clear filters, or the back button, before the pause ends.
    addressSays('');
    expect(result.current.text).toBe('');
    wait(DELAY);
    expect(onSettled).not.toHaveBeenCalled();

    addressSays('Ura');
    expect(result.current.text).toBe('Ura');
  });

  it('shows an address going forward again to a text it sent before', () => {
    const { result, type, wait, addressSays } = renderFilter();
    type('Kulla');
    wait(DELAY);
    addressSays('Kulla');
    addressSays('');
    addressSays('Kulla');
    expect(result.current.text).toBe('Kulla');
  });
});
