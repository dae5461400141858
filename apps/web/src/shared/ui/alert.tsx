import type { ReactNode } from 'react';
import { cn } from './cn';

const TONES = {
  error: 'border-red-200 bg-red-50 text-red-800',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  info: 'border-stone-200 bg-stone-100 text-stone-700',
} as const;

/** An inline message that screen readers announce when it appears; a warning asks for a look before going on. */
export const Alert = ({
  children,
  tone = 'error',
  id,
}: {
  children: ReactNode;
  tone?: keyof typeof TONES;
  id?: string;
}) => (
  <div
    id={id}
    role={tone === 'info' ? 'status' : 'alert'}
    className={cn('rounded-md border px-3 py-2 text-sm', TONES[tone])}
  >
    {children}
  </div>
);
