import type { ComponentProps, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { Button, buttonClasses } from './button';
import { cn } from './cn';

const ROW_ACTION_SIZE = 'px-2.5 py-1.5';

const TONES = {
  neutral: undefined,
  success: 'text-emerald-800',
  danger: 'text-red-700',
} as const;

/** The last cell of a table row: its buttons and links, side by side at the end. */
export const RowActions = ({ children }: { children: ReactNode }) => (
  <td className="px-4 py-3">
    <div className="flex justify-end gap-1">{children}</div>
  </td>
);

type RowActionButtonProps = Omit<ComponentProps<typeof Button>, 'aria-label' | 'variant'> & {
  /** The action with the row's name (e.g. 'Delete Prizren'), since every row's button reads the same. */
  'aria-label': string;
  /** `danger` for deleting or rejecting, `success` for approving. */
  tone?: keyof typeof TONES;
};

/** A small ghost button in a row's actions. */
export const RowActionButton = ({ tone = 'neutral', className, ...props }: RowActionButtonProps) => (
  <Button variant="ghost" className={cn(ROW_ACTION_SIZE, TONES[tone], className)} {...props} />
);

/** A row action that goes to another page, looking like the row's buttons. */
export const RowActionLink = ({ className, ...props }: LinkProps) => (
  <Link className={buttonClasses('ghost', cn(ROW_ACTION_SIZE, className))} {...props} />
);
