import { Fragment, type ReactNode } from 'react';
import { Modal } from './modal';

type EditorModalProps<Item extends { id: number | string }> = {
  /** The item to edit, 'new' to create one, null when closed. */
  editing: Item | 'new' | null;
  onClose: () => void;
  titles: { create: string; edit: string };
  size?: 'md' | 'lg' | 'xl';
  /** The form, for the item (null when creating); it starts afresh for each item it is opened with. */
  children: (item: Item | null) => ReactNode;
};

/** The back office's create-or-edit dialog around a form (datasets, devices, library questions). */
export const EditorModal = <Item extends { id: number | string }>({
  editing,
  onClose,
  titles,
  size,
  children,
}: EditorModalProps<Item>) => (
  <Modal
    open={editing !== null}
    onOpenChange={(open) => !open && onClose()}
    size={size}
    title={editing === 'new' ? titles.create : titles.edit}
  >
    {editing !== null && (
      <Fragment key={editing === 'new' ? 'new' : editing.id}>{children(editing === 'new' ? null : editing)}</Fragment>
    )}
  </Modal>
);
