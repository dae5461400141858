import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { Modal } from './modal';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** What will happen, e.g. that it cannot be undone. */
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** While the action runs: the buttons are disabled and the dialog stays open. */
  pending?: boolean;
  /** Why the last attempt failed, shown in the dialog. */
  error?: string | null;
};

/**
 * Asks before a destructive action. Focus starts on Cancel, so Enter on a dialog opened by mistake
 * does no harm; Escape cancels, unless the action is already running.
 */
export const ConfirmDialog = ({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  pending = false,
  error = null,
}: ConfirmDialogProps) => (
  <Modal
    open={open}
    onOpenChange={(next) => !pending && onOpenChange(next)}
    dismissible={!pending}
    title={title}
    description={description}
    footer={
      <>
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending} autoFocus>
          {cancelLabel}
        </Button>
        <Button onClick={onConfirm} loading={pending} disabled={pending}>
          {confirmLabel}
        </Button>
      </>
    }
  >
    {error ? <Alert>{error}</Alert> : null}
  </Modal>
);
