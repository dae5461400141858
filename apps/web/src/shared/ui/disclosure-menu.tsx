import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { MENU_CLOSE_DELAY_MS } from '@/shared/config/constants';
import { cn } from './cn';

type DisclosureMenuProps = {
  /** What the toggle button shows. */
  trigger: ReactNode;
  /** The button's accessible name when `trigger` alone does not say enough. */
  triggerLabel?: string;
  triggerClassName?: string;
  panelClassName?: string;
  /** Links and buttons; activating one closes the menu. A function is called only while it is open, for items costly to work out. */
  children: ReactNode | (() => ReactNode);
};

/**
 * A disclosure (button + panel of links), the WAI-ARIA pattern for navigation menus. It closes
 * 150 ms after focus leaves it (spec §2), on Escape (focus returns to the button), when an item
 * is chosen, and when the pointer goes down outside it.
 */
export const DisclosureMenu = ({
  trigger,
  triggerLabel,
  triggerClassName,
  panelClassName,
  children,
}: DisclosureMenuProps) => {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancelClose = useCallback(() => {
    if (closeTimer.current !== null) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  }, []);

  const scheduleClose = useCallback(() => {
    cancelClose();
    closeTimer.current = setTimeout(() => {
      closeTimer.current = null;
      setOpen(false);
    }, MENU_CLOSE_DELAY_MS);
  }, [cancelClose]);

  useEffect(() => cancelClose, [cancelClose]);

  // Some browsers (Safari) do not focus a clicked button, so a click elsewhere may not blur it.
  useEffect(() => {
    if (!open) return;
    const handlePointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) scheduleClose();
    };
    document.addEventListener('pointerdown', handlePointerDown);
    return () => document.removeEventListener('pointerdown', handlePointerDown);
  }, [open, scheduleClose]);

  const handleBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) scheduleClose();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      cancelClose();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };

  const handlePanelClick = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('a, button')) {
      cancelClose();
      setOpen(false);
    }
  };

  return (
    <div ref={rootRef} className="relative" onBlur={handleBlur} onFocus={cancelClose} onKeyDown={handleKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={triggerLabel}
        onClick={() => {
          cancelClose();
          setOpen((current) => !current);
        }}
        className={triggerClassName}
      >
        {trigger}
      </button>
      <div
        id={panelId}
        hidden={!open}
        onClick={handlePanelClick}
        className={cn(
          'absolute right-0 z-30 mt-2 min-w-56 rounded-lg border border-stone-200 bg-white py-1.5 shadow-xl ring-1 ring-black/5',
          panelClassName,
        )}
      >
        {typeof children === 'function' ? open && children() : children}
      </div>
    </div>
  );
};
