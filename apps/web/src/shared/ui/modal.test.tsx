import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '@/shared/testing/test-utils';
import { Modal } from './modal';

const Example = () => {
  const [open, setOpen] = useState(false);
  return (
    <TestProviders>
      <button type="button" onClick={() => setOpen(true)}>
        Open details
      </button>
      <Modal open={open} onOpenChange={setOpen} title="Asset details">
        <button type="button">Inside</button>
      </Modal>
    </TestProviders>
  );
};

describe('Modal', () => {
  it('is a dialog named by its title; Escape closes it and focus returns to what opened it', async () => {
    const user = userEvent.setup();
    render(<Example />);
    const opener = screen.getByRole('button', { name: 'Open details' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Asset details' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});
