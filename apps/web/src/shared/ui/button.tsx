import type { ComponentProps } from 'react';
import { cn } from './cn';
import { Spinner } from './spinner';

type Variant = 'primary' | 'secondary' | 'ghost';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800 disabled:bg-brand-700/50',
  secondary: 'border border-stone-300 bg-white text-stone-800 shadow-sm hover:bg-stone-100 disabled:text-stone-400',
  ghost: 'text-stone-700 hover:bg-stone-200/60 disabled:text-stone-400',
};

export const buttonClasses = (variant: Variant = 'primary', className?: string) =>
  cn(
    'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600 disabled:cursor-not-allowed',
    VARIANTS[variant],
    className,
  );

type ButtonProps = ComponentProps<'button'> & { variant?: Variant; loading?: boolean };

export const Button = ({
  variant = 'primary',
  loading = false,
  className,
  children,
  type = 'button',
  ...props
}: ButtonProps) => (
  <button type={type} className={buttonClasses(variant, className)} aria-busy={loading || undefined} {...props}>
    {loading && <Spinner className="size-4" />}
    {children}
  </button>
);
