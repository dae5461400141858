import { useState } from 'react';

/** The parts of a delete mutation (TanStack Query's useMutation) the confirmation needs. */
type DeleteMutation<Id> = {
  mutate: (id: Id, options: { onSuccess: () => void }) => void;
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
};

export type DeleteConfirmation<Row> = {
  /** The row being asked about; null while no one is asked. */
  target: Row | null;
  /** Opens the question for a row, without the previous attempt's error. */
  ask: (row: Row) => void;
  cancel: () => void;
  /** Deletes the row; the question closes once the server agrees and stays open with the reason if not. */
  confirm: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
};

/**
 * The 'are you sure?' flow of a list's delete button, for `DeleteConfirmDialog`: which row is asked
 * about, the delete call's progress and failure, and `onDeleted` (e.g. a toast) once it is gone.
 */
export const useDeleteConfirmation = <Row extends { id: unknown }>(
  mutation: DeleteMutation<Row['id']>,
  onDeleted: (row: Row) => void,
): DeleteConfirmation<Row> => {
  const [target, setTarget] = useState<Row | null>(null);
  return {
    target,
    ask: (row) => {
      mutation.reset();
      setTarget(row);
    },
    cancel: () => setTarget(null),
    confirm: () => {
      if (!target) return;
      mutation.mutate(target.id, {
        onSuccess: () => {
          onDeleted(target);
          setTarget(null);
        },
      });
    },
    isPending: mutation.isPending,
    isError: mutation.isError,
    error: mutation.error,
  };
};
