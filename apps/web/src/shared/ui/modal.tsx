import * as Dialog from '@radix-ui/react-dialog';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';
import { CloseIcon } from './icons';

type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's accessible name, shown as its heading. */
  title: ReactNode;
  /** Read out with the title when given. */
  description?: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom, e.g. cancel and confirm. */
  footer?: ReactNode;
  /** `full` fills the screen, e.g. a document preview. */
  size?: 'md' | 'lg' | 'xl' | 'full';
  /** Keep the dialog open on Escape and outside clicks, e.g. while a file is being generated. */
  dismissible?: boolean;
};

const SIZES = {
  md: 'max-h-[92dvh] sm:max-h-[88dvh] sm:max-w-lg',
  lg: 'max-h-[92dvh] sm:max-h-[88dvh] sm:max-w-2xl',
  xl: 'max-h-[92dvh] sm:max-h-[88dvh] sm:max-w-4xl',
  full: 'h-dvh sm:h-[calc(100dvh-2rem)] sm:max-w-[calc(100vw-2rem)]',
} as const;

/**
 * A modal dialog (Radix): labelled by its title, focus kept inside, Escape and the close button
 * close it and focus returns to what opened it. A sheet from the bottom on phones, centred above.
 */
export const Modal = ({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  dismissible = true,
}: ModalProps) => {
  const { t } = useTranslation();
  // Radix returns focus to its own Trigger; these dialogs open from list buttons, so remember
  // whatever had focus when the dialog opened and return there on close.
  const returnFocusRef = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) returnFocusRef.current = document.activeElement;
  }, [open]);
  const handleCloseAutoFocus = (event: Event) => {
    const target = returnFocusRef.current;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus();
    }
  };
  const block = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-950/50" />
        <Dialog.Content
          onCloseAutoFocus={handleCloseAutoFocus}
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed inset-x-0 bottom-0 z-40 flex w-full flex-col rounded-t-2xl bg-white shadow-2xl focus:outline-none',
            'sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl',
            SIZES[size],
          )}
        >
          <div className="flex items-start gap-4 border-b border-stone-200 px-5 py-4 sm:px-6">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="font-serif text-xl font-semibold text-stone-900">{title}</Dialog.Title>
              {description && (
                <Dialog.Description className="mt-1 text-sm text-stone-600">{description}</Dialog.Description>
              )}
            </div>
            <Dialog.Close
              disabled={!dismissible}
              className="-mr-1 rounded-md p-1.5 text-stone-500 hover:bg-stone-100 hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600 disabled:opacity-40"
            >
              <CloseIcon className="size-5" />
              <span className="sr-only">{t('modal.close')}</span>
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6">{children}</div>
          {footer && (
            <div className="flex flex-wrap justify-end gap-2 border-t border-stone-200 bg-stone-50 px-5 py-3 sm:rounded-b-2xl sm:px-6">
              {footer}
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
};
