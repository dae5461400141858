import { useErrorText } from '@/shared/api/use-error-text';
import { ConfirmDialog } from './confirm-dialog';
import type { DeleteConfirmation } from './use-delete-confirmation';

type DeleteConfirmDialogProps<Row> = {
  deletion: DeleteConfirmation<Row>;
  title: string;
  /** What deleting this row means, naming it. */
  describe: (row: Row) => string;
  confirmLabel: string;
  cancelLabel: string;
  /** Shown when the server gives no reason of its own. */
  failedText: string;
};

/** Asks before deleting the row `useDeleteConfirmation` holds, showing progress and the server's refusal. */
export const DeleteConfirmDialog = <Row,>({
  deletion,
  title,
  describe,
  confirmLabel,
  cancelLabel,
  failedText,
}: DeleteConfirmDialogProps<Row>) => {
  const errorText = useErrorText();
  return (
    <ConfirmDialog
      open={deletion.target !== null}
      onOpenChange={(open) => !open && deletion.cancel()}
      title={title}
      description={deletion.target === null ? '' : describe(deletion.target)}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      onConfirm={deletion.confirm}
      pending={deletion.isPending}
      error={deletion.isError ? errorText(deletion.error, failedText) : null}
    />
  );
};
