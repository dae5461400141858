import type { ReactNode } from 'react';
import { cn } from './cn';

/** An inline message that screen readers announce when it appears. */
export const Alert = ({
  children,
  tone = 'error',
  id,
}: {
  children: ReactNode;
  tone?: 'error' | 'info';
  id?: string;
}) => (
  <div
    id={id}
    role={tone === 'error' ? 'alert' : 'status'}
    className={cn(
      'rounded-md border px-3 py-2 text-sm',
      tone === 'error' ? 'border-red-200 bg-red-50 text-red-800' : 'border-stone-200 bg-stone-100 text-stone-700',
    )}
  >
    {children}
  </div>
);
