import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DisclosureMenu } from './disclosure-menu';

const renderMenu = () =>
  render(
    <>
      <DisclosureMenu trigger="Admin">
        <a href="#surveys">Surveys</a>
        <button type="button">Sign out</button>
      </DisclosureMenu>
      <button type="button">Elsewhere</button>
    </>,
  );

const panel = () => screen.getByRole('link', { name: 'Surveys', hidden: true }).parentElement as HTMLElement;

describe('DisclosureMenu', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('closes 150 ms after focus leaves it', () => {
    renderMenu();
    const trigger = screen.getByRole('button', { name: 'Admin' });
    fireEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(panel()).toBeVisible();

    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    act(() => elsewhere.focus());
    fireEvent.focusOut(trigger, { relatedTarget: elsewhere });

    act(() => vi.advanceTimersByTime(149));
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    act(() => vi.advanceTimersByTime(1));
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(panel()).not.toBeVisible();
  });

  it('stays open while focus moves within it', () => {
    renderMenu();
    const trigger = screen.getByRole('button', { name: 'Admin' });
    fireEvent.click(trigger);
    const link = screen.getByRole('link', { name: 'Surveys' });
    fireEvent.focusOut(trigger, { relatedTarget: link });
    fireEvent.focusIn(link);
    act(() => vi.advanceTimersByTime(500));
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
  });

  it('keeps open when focus comes back within 150 ms', () => {
    renderMenu();
    const trigger = screen.getByRole('button', { name: 'Admin' });
    fireEvent.click(trigger);
    fireEvent.focusOut(trigger, { relatedTarget: null });
    act(() => vi.advanceTimersByTime(100));
    fireEvent.focusIn(trigger);
    act(() => vi.advanceTimersByTime(200));
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes on Escape and returns focus to the button', () => {
    renderMenu();
    const trigger = screen.getByRole('button', { name: 'Admin' });
    fireEvent.click(trigger);
    const link = screen.getByRole('link', { name: 'Surveys' });
    act(() => link.focus());
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
  });

  it('closes when an item is chosen', () => {
    renderMenu();
    const trigger = screen.getByRole('button', { name: 'Admin' });
    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });
});
