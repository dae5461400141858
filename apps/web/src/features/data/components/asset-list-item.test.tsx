import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/shared/i18n/i18n';
import { makeAsset } from '@/shared/testing/data-factories';
import { TestProviders } from '@/shared/testing/test-utils';
import { AssetListItem } from './asset-list-item';

const LONG_NAME = 'Kulla e Haxhi Zekës me odën e burrave dhe mullirin e vjetër, Pejë';
const CUT_NAME = `${LONG_NAME.slice(0, 50)}…`;

const renderItem = (name: string) => {
  const element = (
    <ul>
      <AssetListItem
        asset={makeAsset({ name })}
        position={1}
        canEdit={false}
        onShowDetails={() => {}}
        onShowMap={() => {}}
      />
    </ul>
  );
  render(
    <TestProviders>
      <RouterProvider router={createMemoryRouter([{ path: '/', element }])} />
    </TestProviders>,
  );
};

const press = (element: Element, pointerType: 'touch' | 'mouse') =>
  fireEvent.pointerDown(element, { pointerType, clientX: 20, clientY: 20 });
const waitMs = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('an asset in the dataset list', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('shows its whole name after a 600 ms tap-and-hold on its cut name, and cuts it again on the next', () => {
    renderItem(LONG_NAME);
    const heading = screen.getByRole('heading', { name: CUT_NAME });

    press(heading, 'touch');
    waitMs(599);
    expect(heading, 'the name opens before the hold is long enough').toHaveTextContent(CUT_NAME);
    waitMs(1);
    expect(heading, 'a phone user cannot read the whole name').toHaveTextContent(LONG_NAME);
    fireEvent.pointerUp(heading);

    press(heading, 'touch');
    waitMs(600);
    expect(heading).toHaveTextContent(CUT_NAME);
  });

  it('leaves the name cut for a short tap, a finger scrolling away, or a mouse (which has the title)', () => {
    renderItem(LONG_NAME);
    const heading = screen.getByRole('heading', { name: CUT_NAME });

    press(heading, 'touch');
    waitMs(300);
    fireEvent.pointerUp(heading);
    waitMs(600);
    expect(heading, 'a short tap opened the name').toHaveTextContent(CUT_NAME);

    press(heading, 'touch');
    fireEvent.pointerMove(heading, { clientX: 20, clientY: 80 });
    waitMs(600);
    expect(heading, 'scrolling the list opened the name').toHaveTextContent(CUT_NAME);

    press(heading, 'mouse');
    waitMs(600);
    expect(heading).toHaveTextContent(CUT_NAME);
    expect(heading).toHaveAttribute('title', LONG_NAME);
  });
});
