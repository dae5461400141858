import { useId, type ComponentProps } from 'react';
import { cn } from './cn';

type SelectFieldProps = ComponentProps<'select'> & { label: string; hint?: string };

/** A labelled native select: keyboards and screen readers already know how to use it. */
export const SelectField = ({ label, hint, className, id, children, ...props }: SelectFieldProps) => {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const hintId = `${selectId}-hint`;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={selectId} className="text-sm font-medium text-stone-700">
        {label}
      </label>
      <select
        id={selectId}
        aria-describedby={hint ? hintId : undefined}
        className="block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-amber-600/40 disabled:bg-stone-100 disabled:text-stone-500"
        {...props}
      >
        {children}
      </select>
      {hint && (
        <p id={hintId} className="text-xs text-stone-500">
          {hint}
        </p>
      )}
    </div>
  );
};
